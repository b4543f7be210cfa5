import { z } from "zod";

/** One sign-in of the caller's account, as "Sessões ativas" lists it. */
export const ActiveSessionSchema = z.object({
  id: z.string(),
  /** "Chrome no Android", from the user agent. */
  device: z.string(),
  /** The network prefix ("189.40.12.x"), never the full address. */
  network: z.string(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  /** The session of this very request. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof ActiveSessionSchema>;

/** GET /api/models/sessions, GET /api/admin/sessions */
export const ActiveSessionsResponseSchema = z.object({ sessions: z.array(ActiveSessionSchema) });
export type ActiveSessionsResponse = z.infer<typeof ActiveSessionsResponseSchema>;

/** DELETE …/sessions/:id */
export const SessionIdParamsSchema = z.object({
  id: z.string().min(1, "Sessão inválida").max(64, "Sessão inválida"),
});

/** POST …/sessions/end-others */
export const EndOtherSessionsResponseSchema = z.object({ success: z.literal(true), ended: z.number().int() });
export type EndOtherSessionsResponse = z.infer<typeof EndOtherSessionsResponseSchema>;
