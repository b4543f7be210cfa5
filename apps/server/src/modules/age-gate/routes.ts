import { AgeGateQuerySchema, ageGateCookie } from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { safeNextPath } from "./service";

/**
 * GET /api/age-gate?next=…: the age gate's button without the page's script. It only records the visitor's
 * declaration (the cookie the gate itself writes) and redirects with 303, so it is harmless as a GET: a search
 * engine or a prefetch that follows it learns nothing and changes nothing but its own cookie.
 * With an age verifier (AGE_ASSURANCE=verifier) a declaration is worth nothing: the button starts a check at the
 * verifier instead (/api/age/start), and no cookie is set.
 */
export const ageGateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/age-gate",
    {
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: { querystring: AgeGateQuerySchema, hide: true },
    },
    async (request, reply) => {
      if (app.config.ageAssurance.mode === "verifier") {
        return reply
          .code(303)
          .header("Cache-Control", "no-store")
          .header("Location", `/api/age/start?next=${encodeURIComponent(safeNextPath(request.query.next))}`)
          .send();
      }
      return reply
        .code(303)
        .header("Cache-Control", "no-store")
        .header("Set-Cookie", ageGateCookie(request.protocol === "https"))
        .header("Location", safeNextPath(request.query.next))
        .send();
    },
  );
};
