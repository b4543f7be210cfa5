import {
  AdminIdParamsSchema,
  AdminOrderChartsResponseSchema,
  AdminOrderResponseSchema,
  AdminOrdersQuerySchema,
  AdminOrdersResponseSchema,
  AdminOrderStatusBodySchema,
  LogsQuerySchema,
} from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { todayInSaoPaulo } from "../../lib/dates";
import { periodOf } from "../../lib/sql-days";
import { buildOrdersCsv } from "./export-csv";
import { presentAdminOrder } from "./present";
import { countOrdersByStatus, getSalesPerDay, listOrders, listOrdersForExport, updateOrderStatus } from "./service";

/** The export takes the list's filters; its paging is ignored. */
const OrdersExportQuerySchema = AdminOrdersQuerySchema.pick({ status: true, from: true, to: true });

/** Pedidos: /api/admin/orders, its charts, the manual status change and the CSV export (admin scope). */
export const adminOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/orders",
    { schema: { querystring: AdminOrdersQuerySchema, response: { 200: AdminOrdersResponseSchema } } },
    async (request) => {
      const { page, limit, ...filters } = request.query;
      const { rows, total } = await listOrders({ db: app.db, page, limit, ...filters });
      return { orders: rows.map(presentAdminOrder), pagination: { page, pages: Math.ceil(total / limit), total } };
    },
  );

  app.get("/orders.csv", { schema: { querystring: OrdersExportQuerySchema } }, async (request, reply) => {
    const rows = await listOrdersForExport({ db: app.db, ...request.query });
    reply
      .type("text/csv; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="pedidos-${todayInSaoPaulo()}.csv"`);
    return buildOrdersCsv(rows);
  });

  /** Sales per day (every day of the period, at most the last 365) and orders by status, over `days` days. */
  app.get(
    "/orders/charts",
    { schema: { querystring: LogsQuerySchema, response: { 200: AdminOrderChartsResponseSchema } } },
    async (request) => {
      const { from, seriesFrom, to } = periodOf(request.query.days, todayInSaoPaulo());
      const [salesPerDay, byStatus] = await Promise.all([
        getSalesPerDay({ db: app.db, from: seriesFrom, to }),
        countOrdersByStatus({ db: app.db, from, to }),
      ]);
      return { sales_per_day: salesPerDay, by_status: byStatus };
    },
  );

  app.patch(
    "/orders/:id/status",
    {
      schema: {
        params: AdminIdParamsSchema,
        body: AdminOrderStatusBodySchema,
        response: { 200: AdminOrderResponseSchema },
      },
    },
    async (request) => {
      const row = await updateOrderStatus({
        db: app.db,
        adminId: request.adminId,
        orderId: request.params.id,
        status: request.body.status,
      });
      return { order: presentAdminOrder(row) };
    },
  );
};
