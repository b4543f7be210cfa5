// No zod here: the public pages load this file (the schemas are in public-models.ts, which re-exports it).
import { slugify } from "./text";

/** Longest search text accepted by the public listing. */
export const LISTING_SEARCH_MAX = 100;
/** Cards carry at most this many characters of the description (they show two lines). */
export const CARD_DESCRIPTION_MAX = 300;

/** The profile accepts "123", "ana-silva-123" (tail of a slug) and "id123". */
export const MODEL_ID_PATTERN = /^(?:[a-z0-9-]*-)?(?:id)?(\d{1,10})$/i;

/** The numeric id inside a profile route segment, or null when there is none. */
export function parseModelIdParam(raw: string): number | null {
  const match = MODEL_ID_PATTERN.exec(raw.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export const INVALID_MODEL_ID = "ID inválido";
export const MODEL_NOT_FOUND = "Modelo não encontrada";

export const CONTACT_CHANNELS = ["whatsapp", "phone", "instagram"] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/** Event names of the live stream GET /api/models/events (`data: {"type":…,"model_id":…}`). */
export const MODEL_EVENT_TYPES = ["model_status_updated", "model_payment_updated"] as const;
export type ModelEventType = (typeof MODEL_EVENT_TYPES)[number];

/** Card link: /cidade/{city-state}/{model-name-slug}/{id}. */
export function modelProfilePath(card: { id: number; name: string; city_slug: string }): string {
  return `/cidade/${card.city_slug}/${slugify(card.name) || "modelo"}/${card.id}`;
}

/** Seconds a ticket for the advertiser's own live stream (GET /api/models/own-events) stays valid to open it. */
export const OWN_EVENTS_TICKET_SECONDS = 60;
