import {
  AGE_RESULT_PARAM,
  AGE_RESULTS,
  type AgeCheckOutcome,
  type AgeResult,
  AgeStartQuerySchema,
  AgeStatusResponseSchema,
} from "@vitrine/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/app-error";
import { clientAddressKey } from "../../lib/client-address";
import { publicOrigin } from "../settings/service";
import { safeNextPath } from "../age-gate/service";
import { completeCheck, isCheckPending, recordCheck, recordReplay, startCheck } from "./checks";
import { clearFlowCookie, openFlow, sealFlow, setFlowCookie } from "./flow";
import { createOidcVerifier } from "./oidc-verifier";
import {
  AGE_PASS_COOKIE,
  AGE_SESSION_COOKIE,
  clearCookie,
  newSessionId,
  readCookie,
  sessionHash,
  setSessionCookie,
  signAgePass,
} from "./pass";
import type { AgeVerifier } from "./verifier";

export const AGE_CALLBACK_PATH = "/api/age/callback";

/** The origin a return path is resolved against to add or remove the result parameter. */
const PATH_ORIGIN = "http://localhost";

/** An age session id as newSessionId makes it (32 random bytes, base64url). */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

const rateLimit = {
  max: 30,
  timeWindow: "1 minute",
  keyGenerator: (request: FastifyRequest) => clientAddressKey(request.ip),
};

/**
 * Where to return after a check: a path of this site (safeNextPath) without a previous check's `idade` result.
 */
export function agePathOf(next: string | undefined): string {
  const path = safeNextPath(next);
  const url = new URL(path, PATH_ORIGIN);
  if (!url.searchParams.has(AGE_RESULT_PARAM)) return path;
  url.searchParams.delete(AGE_RESULT_PARAM);
  return url.pathname + url.search + url.hash;
}

/** The return path with the check's result for the gate to show (`?idade=menor|cancelada|falhou`). */
export function withAgeResult(path: string, result: AgeResult): string {
  const url = new URL(path, PATH_ORIGIN);
  url.searchParams.set(AGE_RESULT_PARAM, result);
  return url.pathname + url.search + url.hash;
}

/**
 * The visitor's side of age assurance under /api/age (public scope: no pass needed):
 * - GET /status: the mode, whether this browser holds a valid age pass, the verifier's name (never cached);
 * - GET /start?next=…: (verifier mode) a pending check, the sealed flow cookie, 303 to the verifier;
 * - GET /callback: (verifier mode) the verifier's answer completes the check once; over 18 → the age pass and 303
 *   to `next`; otherwise 303 to `next?idade=menor|cancelada|falhou` and no pass. Never a 500 for the verifier's
 *   answers or its being down.
 * In self-declaration mode /start and /callback do not exist (404).
 */
export const ageAssuranceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mode, verifier: verifierConfig, passHours } = app.config.ageAssurance;
  const secret = app.config.jwtSecret;
  const verifier: AgeVerifier | null =
    mode === "verifier" && verifierConfig
      ? createOidcVerifier(verifierConfig, { allowHttp: process.env.NODE_ENV !== "production" })
      : null;

  app.get("/status", { schema: { response: { 200: AgeStatusResponseSchema } } }, async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    return { mode, passed: (await app.readAgePass(request)) !== null, verifier_name: verifier?.name ?? null };
  });

  app.get(
    "/start",
    { config: { rateLimit }, schema: { querystring: AgeStartQuerySchema, hide: true } },
    async (request, reply) => {
      if (!verifier) throw notFound();
      reply.header("Cache-Control", "no-store");
      const next = agePathOf(request.query.next);
      let sessionId = validSessionId(readCookie(request, AGE_SESSION_COOKIE));
      if (!sessionId) {
        sessionId = newSessionId();
        setSessionCookie(request, reply, AGE_SESSION_COOKIE, sessionId);
      }
      const identity = { verifier: verifier.name, method: verifier.method, sessionHash: sessionHash(sessionId) };
      let started: Awaited<ReturnType<AgeVerifier["start"]>>;
      try {
        const { origin } = await publicOrigin(app, request);
        started = await verifier.start({ callbackUrl: new URL(AGE_CALLBACK_PATH, origin).href });
      } catch (err) {
        request.log.warn({ err }, "verificador de idade indisponível");
        await recordCheck(app.db, { ...identity, outcome: "error" });
        return redirect(reply, withAgeResult(next, AGE_RESULTS.failed));
      }
      const checkId = await startCheck(app.db, identity);
      const flow = { checkId, next, sessionHash: identity.sessionHash, verifier: started.flow };
      setFlowCookie(request, reply, await sealFlow(secret, flow));
      return redirect(reply, started.redirectUrl);
    },
  );

  app.get("/callback", { config: { rateLimit }, schema: { hide: true } }, async (request, reply) => {
    if (!verifier) throw notFound();
    reply.header("Cache-Control", "no-store");
    const flow = await openFlow(request, secret);
    const sessionId = validSessionId(readCookie(request, AGE_SESSION_COOKIE));
    const browserHash = sessionHash(sessionId ?? newSessionId());
    const identity = { verifier: verifier.name, method: verifier.method, sessionHash: browserHash };
    const finish = (outcome: AgeCheckOutcome, reason: string, location: string) => {
      request.log.info({ outcome, reason }, "verificação de idade");
      return redirect(reply, location);
    };

    // No check of this browser's is waiting (none started, expired, or the callback was opened in another
    // browser): nothing is completed.
    if (!flow || !sessionId || flow.sessionHash !== browserHash) {
      await recordCheck(app.db, { ...identity, outcome: "error" });
      return finish("error", flow ? "session" : "flow", withAgeResult(flow?.next ?? "/", AGE_RESULTS.failed));
    }
    if (!(await isCheckPending(app.db, flow.checkId))) {
      await recordReplay(app.db, identity);
      clearFlowCookie(request, reply);
      return finish("replayed", "completed", withAgeResult(flow.next, AGE_RESULTS.failed));
    }

    const callbackUrl = new URL(AGE_CALLBACK_PATH, (await publicOrigin(app, request)).origin);
    callbackUrl.search = new URL(request.url, PATH_ORIGIN).search;
    const result = await verifier.complete({ callbackUrl }, flow.verifier);
    if (!result.ok && result.failure === "mismatch") {
      // Another check's answer (a link from elsewhere, or this browser's older tab): this browser's check waits on.
      await recordCheck(app.db, { ...identity, outcome: "error" });
      return finish("error", result.reason, withAgeResult(flow.next, AGE_RESULTS.failed));
    }

    clearFlowCookie(request, reply);
    const outcome: AgeCheckOutcome = result.ok
      ? result.verification.over18
        ? "over18"
        : "under18"
      : result.failure === "cancelled"
        ? "cancelled"
        : "error";
    const assurance = result.ok ? result.verification.assurance : null;
    if ((await completeCheck(app.db, flow.checkId, { ...identity, outcome, assurance })) === "replayed") {
      return finish("replayed", "raced", withAgeResult(flow.next, AGE_RESULTS.failed));
    }
    if (!result.ok) {
      const shown = outcome === "cancelled" ? AGE_RESULTS.cancelled : AGE_RESULTS.failed;
      return finish(outcome, result.reason, withAgeResult(flow.next, shown));
    }
    if (!result.verification.over18) {
      clearCookie(request, reply, AGE_PASS_COOKIE);
      return finish(outcome, "claim", withAgeResult(flow.next, AGE_RESULTS.under18));
    }
    const pass = await signAgePass({
      secret,
      sessionId,
      method: result.verification.method,
      verifier: result.verification.verifier,
      hours: passHours,
    });
    setSessionCookie(request, reply, AGE_PASS_COOKIE, pass);
    return finish(outcome, "claim", flow.next);
  });
};

function validSessionId(value: string | null): string | null {
  return value && SESSION_ID.test(value) ? value : null;
}

function redirect(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(303).header("Location", location).send();
}
