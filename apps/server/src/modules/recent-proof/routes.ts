import {
  AccessReviewSchema,
  PasskeyOptionsSchema,
  RecentProofBodySchema,
  RecentProofPasskeyBodySchema,
  RecentProofResponseSchema,
  SuccessSchema,
} from "@vitrine/contracts";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError, badRequest } from "../../lib/app-error";
import { assertPassword } from "../account/service";
import { auditedForAdmin } from "../audit/service";
import { assertCurrentSecondStep, authenticatePasskey, authenticationOptions, listPasskeys } from "../factors/service";
import { accessReviewDue, clearAccessReview, markProved, type ProofAccount } from "./store";

const NO_PASSKEY = "Nenhuma chave de acesso cadastrada nesta conta";

/**
 * "Confirme que é você": the signed-in account proves it is her (her password, a current code of the app, an unused
 * recovery code, or one of her passkeys), so that this session may make sensitive changes for the next minutes
 * (plugins/recent-proof.ts); and the review of her passkeys and sessions due after a password reset. Registered in
 * the model scope (/api/models/recent-proof) and the admin scope (/api/admin/recent-proof, where every proof and
 * review writes an audit row). Wrong answers are 400, never 401 (the web signs out on a 401); every proof spends from
 * the password budget, and wrong passwords and codes back off per account and network as at the sign-in.
 */
export const recentProofRoutes: FastifyPluginAsyncZod<{ role: "admin" | "model" }> = async (app, { role }) => {
  const onRequest = app.spendPasswordAttempt;
  // A suspended or banned advertiser proves it is her too: the download of her data (her right of access) asks it.
  const config = { dataAccess: true };
  const accountOf = (request: FastifyRequest): ProofAccount => ({
    kind: role,
    id: role === "admin" ? request.adminId : request.modelId,
  });
  const proved = async (request: FastifyRequest, method: "password" | "code" | "passkey") => {
    const until = await auditedForAdmin(app.db, role, request, "recent_proof.given", { method }, (db) =>
      markProved(db, accountOf(request), request.sessionId),
    );
    return { success: true as const, until: until.toISOString() };
  };

  app.post(
    "/",
    { onRequest, config, schema: { body: RecentProofBodySchema, response: { 200: RecentProofResponseSchema } } },
    async (request) => {
      const account = accountOf(request);
      const body = request.body;
      if ("password" in body) {
        const attempt = { ip: request.ip, secret: app.config.jwtSecret };
        await assertPassword({ db: app.db, account, password: body.password, path: "password", attempt });
        return proved(request, "password");
      }
      await assertCurrentSecondStep(app, request, account, body.code);
      return proved(request, "code");
    },
  );

  /** Options for one of her own passkeys (only hers are allowed; the challenge is bound to her account). */
  app.post(
    "/passkey/options",
    { onRequest, config, schema: { response: { 200: PasskeyOptionsSchema } } },
    async (request) => {
      const account = accountOf(request);
      if ((await listPasskeys(app.db, account)).length === 0) throw badRequest(NO_PASSKEY);
      const options = await authenticationOptions(app, request, account.kind, account.id);
      // An admin beginning a proof with a passkey is recorded too (every admin POST writes its row).
      await auditedForAdmin(app.db, role, request, "recent_proof.passkey_start", {}, async () => undefined);
      return { options: { ...options } };
    },
  );

  app.post(
    "/passkey",
    { onRequest, config, schema: { body: RecentProofPasskeyBodySchema, response: { 200: RecentProofResponseSchema } } },
    async (request) => {
      const account = accountOf(request);
      const response = request.body.response as AuthenticationResponseJSON;
      try {
        await authenticatePasskey(app, request, account.kind, account.id, response);
      } catch (err) {
        // The sign-in's 401 (unknown passkey, bad signature, spent challenge) is a wrong answer here: 400.
        if (err instanceof AppError && err.statusCode === 401) throw badRequest(err.message);
        throw err;
      }
      return proved(request, "passkey");
    },
  );

  app.get("/access-review", { schema: { response: { 200: AccessReviewSchema } } }, async (request) => ({
    due: await accessReviewDue(app.db, accountOf(request)),
  }));

  /** She has looked at her passkeys and sessions after a password reset and recognises them all. */
  app.post("/access-review/done", { schema: { response: { 200: SuccessSchema } } }, async (request) => {
    await auditedForAdmin(app.db, role, request, "access_review.done", {}, (db) =>
      clearAccessReview(db, accountOf(request)),
    );
    return { success: true as const };
  });
};
