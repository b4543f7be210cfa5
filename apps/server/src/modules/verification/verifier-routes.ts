import { VERIFIER_RESULT_PARAM, type VerifierResult, VerifierStartResponseSchema } from "@vitrine/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { identityVerifications } from "../../db/schema";
import { AppError, notFound } from "../../lib/app-error";
import { clientAddressKey } from "../../lib/client-address";
import { type AgeVerifier, createOidcVerifier } from "../age-assurance/service";
import { publicOrigin } from "../settings/service";
import { identityHashKey, verifierIdentityHash } from "./identity-hash";
import { endVerifierVerification, settleVerifierVerification } from "./review";
import { canSubmit, readStanding, VERIFIER_STARTED } from "./state";
import { verificationRefusal } from "./submit";
import { clearIdentityFlowCookie, IDENTITY_FLOW_PATH, openIdentityFlow, setIdentityFlowCookie } from "./verifier-flow";

export const IDENTITY_CALLBACK_PATH = `${IDENTITY_FLOW_PATH}/callback`;
/** Her verification page, where the verifier's result is shown (`?verificador=…`). */
const VERIFICATION_PAGE = "/dashboard/verificacao";

const rateLimit = {
  max: 20,
  timeWindow: "1 minute",
  keyGenerator: (request: FastifyRequest) => clientAddressKey(request.ip),
};

/** The identity verifier of the configuration (IDENTITY_VERIFIER_*), or null: review is then the only way. */
export function identityVerifierOf(app: FastifyInstance): AgeVerifier | null {
  const config = app.config.identityVerifier;
  return config
    ? createOidcVerifier(config, { allowHttp: process.env.NODE_ENV !== "production", identity: true })
    : null;
}

const NO_VERIFIER = "A verificação por um verificador de identidade não está disponível. Envie os documentos.";

/**
 * POST /api/models/verification/verifier (model scope): while she may verify (as for sending photos), a verification
 * `started` at the verifier, the sealed flow cookie bound to her account, and the verifier's URL to send her
 * browser to (its document + selfie + liveness flow). 404 when no verifier is configured; 502 when it is down.
 */
export function verifierStartRoute(verifier: AgeVerifier | null): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/verifier",
      { config: { rateLimit }, schema: { response: { 200: VerifierStartResponseSchema } } },
      async (request, reply) => {
        if (!verifier) throw notFound(NO_VERIFIER);
        const { state } = await readStanding(app.db, request.modelId);
        if (!canSubmit(state)) throw verificationRefusal(state);
        let started: Awaited<ReturnType<AgeVerifier["start"]>>;
        try {
          const { origin } = await publicOrigin(app, request);
          started = await verifier.start({ callbackUrl: new URL(IDENTITY_CALLBACK_PATH, origin).href });
        } catch (err) {
          request.log.warn({ err }, "verificador de identidade indisponível");
          throw new AppError(
            502,
            "PROVIDER_UNAVAILABLE",
            `${verifier.name} não respondeu. Tente de novo em alguns minutos ou envie os documentos.`,
          );
        }
        const [row] = await app.db
          .insert(identityVerifications)
          .values({ modelId: request.modelId, method: "verifier", status: VERIFIER_STARTED, verifier: verifier.name })
          .returning({ id: identityVerifications.id });
        await setIdentityFlowCookie(request, reply, app.config.jwtSecret, {
          modelId: request.modelId,
          verificationId: row!.id,
          verifier: started.flow,
        });
        return { url: started.redirectUrl };
      },
    );
  };
}

/**
 * GET /api/identity/callback (public scope: the verifier sends her browser here, without her bearer token; the
 * sealed flow cookie of her start is what binds it to her account). Completes her started verification once and
 * sends her to her verification page with the result: over 18 → verified (the same rule as an admin's approval),
 * under 18 → frozen, a banned identity → rejected, cancelled or failed → a message. A callback whose state is not
 * her flow's (forged, another's, an old tab) completes nothing; a second callback of a completed one neither.
 * Only the birth date and a keyed hash of the verifier's issuer and her subject are kept.
 */
export const verificationPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const verifier = identityVerifierOf(app);
  const key = identityHashKey(app.config);
  app.get("/callback", { config: { rateLimit }, schema: { hide: true } }, async (request, reply) => {
    if (!verifier) throw notFound();
    reply.header("Cache-Control", "no-store");
    const finish = (result: VerifierResult, reason: string) => {
      request.log.info({ result, reason }, "verificação de identidade");
      return redirectWith(reply, result);
    };
    const flow = await openIdentityFlow(request, app.config.jwtSecret);
    if (!flow) return finish("falhou", "flow");

    const callbackUrl = new URL(IDENTITY_CALLBACK_PATH, (await publicOrigin(app, request)).origin);
    callbackUrl.search = new URL(request.url, "http://localhost").search;
    const result = await verifier.complete({ callbackUrl }, flow.verifier);
    // Another verification's answer: hers waits on (the cookie stays for her own callback).
    if (!result.ok && result.failure === "mismatch") return finish("falhou", result.reason);

    clearIdentityFlowCookie(request, reply);
    const ids = { db: app.db, modelId: flow.modelId, verificationId: flow.verificationId };
    const identity = result.ok ? result.verification.identity : undefined;
    if (!result.ok || !identity) {
      const cancelled = !result.ok && result.failure === "cancelled";
      await endVerifierVerification({ ...ids, status: cancelled ? "cancelled" : "failed" });
      return finish(cancelled ? "cancelada" : "falhou", result.ok ? "identity" : result.reason);
    }
    const decision = await settleVerifierVerification({
      ...ids,
      birthDate: identity.birthDate,
      identityHash: verifierIdentityHash(key, identity.issuer, identity.subject),
    });
    if (!decision) return finish("falhou", "not started");
    await app.events.deliver();
    const shown = { approved: "aprovada", underage: "menor", banned: "recusada" } as const;
    return finish(shown[decision.settlement], "claim");
  });
};

function redirectWith(reply: FastifyReply, result: VerifierResult): FastifyReply {
  return reply.code(303).header("Location", `${VERIFICATION_PAGE}?${VERIFIER_RESULT_PARAM}=${result}`).send();
}
