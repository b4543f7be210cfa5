import type { ContactChannel } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { publicApiPaths } from "@/lib/public-paths";

/**
 * POST /api/models/public/{id}/contact: counts a WhatsApp / Ligar / Instagram click (de-duplicated by the
 * server). Fire and forget: the link opens whatever happens here.
 */
export function recordContact(modelId: number, channel: ContactChannel): void {
  api
    .post(publicApiPaths.models.publicContact(modelId), { channel }, { background: true, skipAuthRedirect: true })
    .catch(() => {});
}
