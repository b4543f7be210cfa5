import { z } from "zod";

/** "Pausar anúncio" refused: only an ad the team approved (her identity verified) is paused. */
export const PAUSE_UNVERIFIED_MESSAGE =
  "Seu anúncio ainda não foi aprovado: a pausa vale para anúncios com identidade verificada.";

/** POST / DELETE /api/models/pause: when she paused her ad ("Pausar anúncio"), or null once resumed. */
export const PauseResponseSchema = z.object({ paused_at: z.string().nullable() });
export type PauseResponse = z.infer<typeof PauseResponseSchema>;
