import { type DailySales, ORDER_STATUSES, type OrderStatus, orderStatusLabel } from "@vitrine/contracts";
import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { models, orders } from "../../db/schema";
import { conflict, notFound, validationError } from "../../lib/app-error";
import { addDays } from "../../lib/dates";
import { fromCents } from "../../lib/money";
import { flagColumnsWhenPaid } from "../../lib/payment-flags";
import { daySeries, localDay, SERIES_DATE, SERIES_DAY, startOfLocalDay, withinLocalDays } from "../../lib/sql-days";
import { auditAdminChange } from "../audit/service";

/** The back-office's orders: the list and its export, the manual status change, and the sales charts. */

export type OrderFilters = { status?: OrderStatus; from?: string; to?: string };

/** Orders that are revenue: paid ones only. */
const IS_PAID = sql`${orders.status} = 'paid'`;

/** Orders with the status, created on São Paulo days from `from` to `to` (both inclusive). */
function whereOrders({ status, from, to }: OrderFilters): SQL | undefined {
  if (from && to && from > to) {
    throw validationError([{ path: "to", message: "A data final deve ser igual ou posterior à inicial" }]);
  }
  return and(
    status ? eq(orders.status, status) : undefined,
    from ? gte(orders.createdAt, startOfLocalDay(from)) : undefined,
    to ? lt(orders.createdAt, startOfLocalDay(addDays(to, 1))) : undefined,
  );
}

/** The order's columns and its model's name (null once the model's row is gone). */
const ORDER_FIELDS = {
  id: orders.id,
  productId: orders.productId,
  productName: orders.productName,
  modelId: orders.modelId,
  modelName: models.name,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  customerPhone: orders.customerPhone,
  amountCents: orders.amountCents,
  status: orders.status,
  method: orders.method,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  flag: orders.flag,
};

function selectOrders(db: Db) {
  return db.select(ORDER_FIELDS).from(orders).leftJoin(models, eq(models.id, orders.modelId));
}
export type AdminOrderRow = Awaited<ReturnType<typeof findOrder>>;

/** GET /api/admin/orders: one page, newest first, and how many orders match. */
export async function listOrders({
  db,
  page,
  limit,
  ...filters
}: { db: Db; page: number; limit: number } & OrderFilters) {
  const where = whereOrders(filters);
  const [rows, [{ total }]] = await Promise.all([
    selectOrders(db)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows, total };
}

/** The most rows one export holds; narrow the dates to export more. */
export const ORDERS_EXPORT_LIMIT = 50_000;

/** GET /api/admin/orders.csv: every order the filters match, newest first (up to ORDERS_EXPORT_LIMIT). */
export function listOrdersForExport({ db, ...filters }: { db: Db } & OrderFilters) {
  return selectOrders(db)
    .where(whereOrders(filters))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS_EXPORT_LIMIT);
}

async function findOrder(db: Db, id: number) {
  const [row] = await selectOrders(db).where(eq(orders.id, id));
  if (!row) throw notFound("Pedido não encontrado");
  return row;
}

/**
 * PATCH /api/admin/orders/{id}/status: an admin confirms (paid, which sets paid_at and clears an earlier charge's
 * amount_mismatch flag: flagColumnsWhenPaid) or cancels a manual Pix order. Only a pending order changes; a
 * paid, cancelled, failed or refunded one stays as it is (409), so a second click or a race with another admin
 * cannot pay or cancel twice. One audit row, in the same transaction.
 */
export async function updateOrderStatus({
  db,
  adminId,
  orderId,
  status,
}: {
  db: Db;
  adminId: number;
  orderId: number;
  status: "paid" | "cancelled";
}) {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: orders.status, flag: orders.flag })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!current) throw notFound("Pedido não encontrado");
    if (current.status !== "pending") {
      throw conflict(
        `Apenas pedidos pendentes podem ser alterados; este pedido está "${orderStatusLabel(current.status)}".`,
      );
    }
    await tx
      .update(orders)
      .set({
        status,
        ...(status === "paid" ? { paidAt: new Date(), ...flagColumnsWhenPaid(current.flag) } : { paidAt: null }),
      })
      .where(eq(orders.id, orderId));
    await auditAdminChange(tx, adminId, "order.status", ["order", orderId], { from: "pending", to: status });
  });
  return findOrder(db, orderId);
}

/**
 * Sales per São Paulo day from `from` to `to`, every day present (zeros included): orders created that day (any
 * status), the paid ones among them and their revenue. Sums are made in cents by the database.
 */
export async function getSalesPerDay({ db, from, to }: { db: Db; from: string; to: string }): Promise<DailySales[]> {
  const perDay = db
    .select({
      day: sql`${localDay(orders.createdAt)}`.as("day"),
      orders: sql`count(*)`.as("orders"),
      paidOrders: sql`count(*) filter (where ${IS_PAID})`.as("paid_orders"),
      revenueCents: sql`sum(${orders.amountCents}) filter (where ${IS_PAID})`.as("revenue_cents"),
    })
    .from(orders)
    .where(withinLocalDays(orders.createdAt, from, to))
    .groupBy(sql`1`)
    .as("s");
  const rows = await db
    .select({
      date: SERIES_DAY,
      orders: sql`coalesce(${perDay.orders}, 0)`.mapWith(Number),
      paidOrders: sql`coalesce(${perDay.paidOrders}, 0)`.mapWith(Number),
      revenueCents: sql`coalesce(${perDay.revenueCents}, 0)`.mapWith(Number),
    })
    .from(daySeries(from, to))
    .leftJoin(perDay, sql`${perDay.day} = ${SERIES_DATE}`)
    .orderBy(SERIES_DATE);
  return rows.map((r) => ({
    date: r.date,
    orders: r.orders,
    paid_orders: r.paidOrders,
    revenue: fromCents(r.revenueCents),
  }));
}

/** Orders created on São Paulo days `from` to `to`, per status (statuses without orders left out), labelled. */
export async function countOrdersByStatus({ db, from, to }: { db: Db; from: string; to: string }) {
  const rows = await db
    .select({ status: orders.status, total: count() })
    .from(orders)
    .where(withinLocalDays(orders.createdAt, from, to))
    .groupBy(orders.status);
  const rank = (status: string) => {
    const i = (ORDER_STATUSES as readonly string[]).indexOf(status);
    return i < 0 ? ORDER_STATUSES.length : i;
  };
  return rows
    .sort((a, b) => rank(a.status) - rank(b.status) || a.status.localeCompare(b.status))
    .map((r) => ({ name: orderStatusLabel(r.status), value: r.total }));
}

/**
 * Orders and the revenue of the paid ones, created on São Paulo days `from` to `to` (all time without them), and
 * those of São Paulo day `today` when given.
 */
export async function sumOrders({ db, from, to, today }: { db: Db; from?: string; to?: string; today?: string }) {
  const isToday = today ? sql`${localDay(orders.createdAt)} = ${today}::date` : sql`false`;
  const [row] = await db
    .select({
      orders: count(),
      todayOrders: sql`count(*) filter (where ${isToday})`.mapWith(Number),
      revenueCents: sql`coalesce(sum(${orders.amountCents}) filter (where ${IS_PAID}), 0)`.mapWith(Number),
      todayRevenueCents: sql`coalesce(sum(${orders.amountCents}) filter (where ${IS_PAID} and ${isToday}), 0)`.mapWith(
        Number,
      ),
    })
    .from(orders)
    .where(from ? withinLocalDays(orders.createdAt, from, to) : undefined);
  return {
    orders: row.orders,
    todayOrders: row.todayOrders,
    revenue: fromCents(row.revenueCents),
    todayRevenue: fromCents(row.todayRevenueCents),
  };
}
