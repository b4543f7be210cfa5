import type { FastifyInstance, FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import { models } from "../../db/schema";
import { AppError } from "../../lib/app-error";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A model route a suspended account may still call (her appeal). */
    allowWhileSuspended?: boolean;
  }
}

export const ACCOUNT_SUSPENDED_MESSAGE =
  "Sua conta está suspensa pela moderação: você pode ver a decisão e recorrer, mas não fazer alterações.";

/**
 * The model scope's second guard: a suspended account reads but changes nothing (profile, photos, products,
 * payments, account) except her appeal. Runs after the session guard, before the body is read.
 */
export async function refuseSuspendedChanges(this: FastifyInstance, request: FastifyRequest) {
  if (request.method === "GET" || request.method === "HEAD") return;
  if (request.routeOptions.config.allowWhileSuspended) return;
  const [row] = await this.db
    .select({ status: models.moderationStatus })
    .from(models)
    .where(eq(models.id, request.modelId));
  if (row?.status === "suspended") throw new AppError(403, "ACCOUNT_SUSPENDED", ACCOUNT_SUSPENDED_MESSAGE);
}
