import {
  ActiveSessionsResponseSchema,
  EndOtherSessionsResponseSchema,
  SessionIdParamsSchema,
  SuccessSchema,
} from "@vitrine/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import type { SessionRow } from "../../db/schema";
import { recordAudit } from "../audit/service";
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
  /**
   * Runs `change`; for an admin, in one transaction with its audit row, whose details `describe` gives (the
   * session is named by its device, never by its id, which is part of a working credential).
   */
  const changing = <T>(
    request: FastifyRequest,
    action: string,
    change: (db: Db) => Promise<T>,
    describe: (result: T) => Record<string, unknown>,
  ) =>
    role === "model"
      ? change(app.db)
      : app.db.transaction(async (tx) => {
          const result = await change(tx);
          const target = { type: "admin", id: request.adminId };
          await recordAudit({ db: tx, adminId: request.adminId, entry: { action, target, changes: describe(result) } });
          return result;
        });

  app.get("/", { schema: { response: { 200: ActiveSessionsResponseSchema } } }, async (request) => {
    const rows = await listSessions(app.db, accountOf(request));
    return { sessions: rows.map((row) => present(row, request.sessionId)) };
  });

  app.delete(
    "/:id",
    { schema: { params: SessionIdParamsSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      const { id } = request.params;
      await changing(
        request,
        "session.end",
        (db) => endSession(db, accountOf(request), id),
        (row) => ({ device: row.device, network: row.network, current: id === request.sessionId }),
      );
      return { success: true as const };
    },
  );

  app.post("/end-others", { schema: { response: { 200: EndOtherSessionsResponseSchema } } }, async (request) => {
    const ended = await changing(
      request,
      "session.end_others",
      (db) => endSessions(db, accountOf(request), { except: request.sessionId }),
      (count) => ({ ended: count }),
    );
    return { success: true as const, ended };
  });
};
