import {
  ActiveSessionsResponseSchema,
  EndOtherSessionsResponseSchema,
  SessionIdParamsSchema,
  SuccessSchema,
} from "@vitrine/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { SessionRow } from "../../db/schema";
import { auditedForAdmin } from "../audit/service";
import { endSession, endSessions, listSessions, type SessionAccount } from "./service";

const present = (row: SessionRow, currentId: string) => ({
  id: row.id,
  device: row.device,
  network: row.network,
  first_seen_at: row.firstSeenAt.toISOString(),
  last_seen_at: row.lastSeenAt.toISOString(),
  current: row.id === currentId,
});

/**
 * "Sessões ativas": the caller's own sessions, listed, one ended, or all others ended. Registered in the model
 * scope (/api/models/sessions) and in the admin scope (/api/admin/sessions, where each end writes an audit row).
 */
export const sessionRoutes: FastifyPluginAsyncZod<{ role: "admin" | "model" }> = async (app, { role }) => {
  const accountOf = (request: FastifyRequest): SessionAccount => ({
    kind: role,
    id: role === "admin" ? request.adminId : request.modelId,
  });
  // The session is named in an admin's audit row by its device, never by its id (part of a working credential).
  app.get("/", { schema: { response: { 200: ActiveSessionsResponseSchema } } }, async (request) => {
    const rows = await listSessions(app.db, accountOf(request));
    return { sessions: rows.map((row) => present(row, request.sessionId)) };
  });

  app.delete(
    "/:id",
    { schema: { params: SessionIdParamsSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      const { id } = request.params;
      await auditedForAdmin(
        app.db,
        role,
        request,
        "session.end",
        (row: SessionRow) => ({ device: row.device, network: row.network, current: id === request.sessionId }),
        (db) => endSession(db, accountOf(request), id),
      );
      return { success: true as const };
    },
  );

  app.post("/end-others", { schema: { response: { 200: EndOtherSessionsResponseSchema } } }, async (request) => {
    const ended = await auditedForAdmin(
      app.db,
      role,
      request,
      "session.end_others",
      (count: number) => ({ ended: count }),
      (db) => endSessions(db, accountOf(request), { except: request.sessionId }),
    );
    return { success: true as const, ended };
  });
};
