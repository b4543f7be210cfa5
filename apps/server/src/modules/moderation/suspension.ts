import type { FastifyInstance, FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import { models } from "../../db/schema";
import { AppError } from "../../lib/app-error";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A model route of her moderation decisions (reading them, her appeal): open to a suspended or banned account. */
    moderationAppeal?: boolean;
    /**
     * "Baixar meus dados": a banned account may still download her data (LGPD art. 18 II and art. 19, the right of
     * access, which a ban does not take away). A read, so a suspended account reaches it anyway.
     */
    dataAccess?: boolean;
  }
}

export const ACCOUNT_SUSPENDED_MESSAGE =
  "Sua conta está suspensa pela moderação: você pode ver a decisão e recorrer, mas não fazer alterações.";
export const ACCOUNT_BANNED_MESSAGE =
  "Esta conta foi encerrada pela moderação: você pode apenas ver a decisão e recorrer uma vez.";

/**
 * The model scope's second guard, after the session guard and before the body is read:
 * - a suspended account reads everything but changes nothing (profile, photos, products, payments, account)
 *   except her appeal: 403 ACCOUNT_SUSPENDED;
 * - a banned account still signs in, so that she can appeal in writing, but reaches only her moderation
 *   decisions, her appeal (read or write) and the download of her data: everything else answers 403
 *   ACCOUNT_BANNED. Her profile stays hidden, and her e-mail and photos' pictures stay blocked until an admin
 *   reverses the ban.
 */
export async function refuseRestrictedAccounts(this: FastifyInstance, request: FastifyRequest) {
  const { moderationAppeal, dataAccess } = request.routeOptions.config;
  if (moderationAppeal || dataAccess) return;
  const [row] = await this.db
    .select({ status: models.moderationStatus })
    .from(models)
    .where(eq(models.id, request.modelId));
  if (row?.status === "banned") throw new AppError(403, "ACCOUNT_BANNED", ACCOUNT_BANNED_MESSAGE);
  if (request.method === "GET" || request.method === "HEAD") return;
  if (row?.status === "suspended") throw new AppError(403, "ACCOUNT_SUSPENDED", ACCOUNT_SUSPENDED_MESSAGE);
}
