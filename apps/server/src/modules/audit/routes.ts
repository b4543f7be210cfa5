import { AuditLogQuerySchema, AuditLogResponseSchema } from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { presentAuditEntry } from "./present";
import { listAuditLog } from "./service";

/** GET /api/admin/audit-log?page&limit&admin&action (admin scope). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/audit-log",
    { schema: { querystring: AuditLogQuerySchema, response: { 200: AuditLogResponseSchema } } },
    async (request) => {
      const { page, limit, admin, action } = request.query;
      const { rows, total } = await listAuditLog({ db: app.db, page, limit, adminId: admin, action });
      return { entries: rows.map(presentAuditEntry), pagination: { page, pages: Math.ceil(total / limit), total } };
    },
  );
};
