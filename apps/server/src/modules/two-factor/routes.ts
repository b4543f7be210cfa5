import {
  AdminLoginResponseSchema,
  AdminTwoFactorConfirmBodySchema,
  AdminTwoFactorConfirmResponseSchema,
  ModelAuthResponseSchema,
  PasskeyOptionsSchema,
  ModelTwoFactorConfirmResponseSchema,
  RecoveryCodesResponseSchema,
  TwoFactorChallengeBodySchema,
  TwoFactorCodeBodySchema,
  TwoFactorConfirmBodySchema,
  TwoFactorCurrentCodeBodySchema,
  TwoFactorDisableBodySchema,
  TwoFactorPasskeySetupBodySchema,
  TwoFactorSetupResponseSchema,
  TwoFactorStatusSchema,
} from "@vitrine/contracts";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { admins, models } from "../../db/schema";
import { badRequest, forbidden, unauthorized } from "../../lib/app-error";
import { assertPassword } from "../account/service";
import { recordAudit } from "../audit/service";
import { endSessions, type SessionAccount } from "../sessions/service";
import { assertNotThrottled, clearFailures, presentAdmin, recordFailure, throttleKey } from "../auth/service";
import { presentSessionModel } from "../models/present-session";
import { insertPasskey, registrationOptions, verifyRegistration } from "../passkeys/service";
import { CHALLENGE_INVALID, type Challenge, readChallenge } from "./challenge";
import {
  beginTotpSetup,
  confirmTotpSetup,
  hasTwoFactor,
  recoveryCodesLeft,
  regenerateRecoveryCodes,
  removeTotp,
  TWO_FACTOR_MANDATORY,
  twoFactorKey,
  twoFactorMandatory,
  twoFactorState,
  verifySecondStep,
} from "./service";

export { TWO_FACTOR_MANDATORY };
export const CODE_INVALID = "Código inválido ou já usado";

/**
 * A signed-in account proves she still holds her second step (a current code of the app, or an unused recovery code,
 * then spent) before changing it. Wrong codes back off per account and network like the sign-in's; a wrong one is 400,
 * not 401: the web treats any 401 as an expired session and signs her out.
 */
async function assertCurrentCode(
  app: Parameters<FastifyPluginAsyncZod>[0],
  request: FastifyRequest,
  account: SessionAccount,
  code: string,
) {
  const key = throttleKey({
    account: `${account.kind}-2fa:${account.id}`,
    ip: request.ip,
    secret: app.config.jwtSecret,
  });
  await assertNotThrottled({ db: app.db, key });
  if (!(await verifySecondStep(app.db, twoFactorKey(app.config), account, code))) {
    await recordFailure({ db: app.db, key });
    throw badRequest(CODE_INVALID);
  }
  await clearFailures({ db: app.db, key });
}

/**
 * The second step of a sign-in, at /api/auth (public scope: the challenge of the password step stands for the
 * session): a code for a session, and an admin's first set-up of her authenticator. Every route spends from the
 * password budget, and wrong codes back off per account and network like wrong passwords.
 */
export const twoFactorPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.spendPasswordAttempt;
  const secret = app.config.jwtSecret;
  const key = twoFactorKey(app.config);

  /** The account a challenge names, while its session version is unchanged (a password change voids it). */
  async function accountOf(challenge: Challenge) {
    if (challenge.role === "admin") {
      const [admin] = await app.db.select().from(admins).where(eq(admins.id, challenge.id));
      if (admin?.sessionVersion !== challenge.sessionVersion) throw unauthorized(CHALLENGE_INVALID);
      return { role: "admin" as const, account: admin };
    }
    const [model] = await app.db
      .select()
      .from(models)
      .where(and(eq(models.id, challenge.id), isNull(models.deletedAt)));
    if (model?.sessionVersion !== challenge.sessionVersion) throw unauthorized(CHALLENGE_INVALID);
    return { role: "model" as const, account: model };
  }

  /** Checks `code` under the per-account backoff; a wrong one is 401 and counts as a failure. */
  async function checkCode(request: FastifyRequest, challenge: Challenge, check: () => Promise<boolean>) {
    const throttle = throttleKey({ account: `${challenge.role}-2fa:${challenge.id}`, ip: request.ip, secret });
    await assertNotThrottled({ db: app.db, key: throttle });
    if (!(await check())) {
      await recordFailure({ db: app.db, key: throttle });
      throw unauthorized(CODE_INVALID);
    }
    await clearFailures({ db: app.db, key: throttle });
  }

  const secondStep = async (
    request: FastifyRequest,
    role: "admin" | "model",
    body: { challenge: string; code: string },
  ) => {
    const challenge = await readChallenge(secret, body.challenge, { role, purpose: "verify" });
    const found = await accountOf(challenge);
    await checkCode(request, challenge, () =>
      verifySecondStep(app.db, key, { kind: role, id: challenge.id }, body.code),
    );
    const token = await app.startSession(request, { role, id: challenge.id, sessionVersion: challenge.sessionVersion });
    return { token, found };
  };

  app.post(
    "/admin/two-factor",
    { onRequest, schema: { body: TwoFactorCodeBodySchema, response: { 200: AdminLoginResponseSchema } } },
    async (request) => {
      const { token, found } = await secondStep(request, "admin", request.body);
      if (found.role !== "admin") throw unauthorized(CHALLENGE_INVALID);
      return { token, user: presentAdmin(found.account) };
    },
  );

  app.post(
    "/model/two-factor",
    { onRequest, schema: { body: TwoFactorCodeBodySchema, response: { 200: ModelAuthResponseSchema } } },
    async (request) => {
      const { token, found } = await secondStep(request, "model", request.body);
      if (found.role !== "model") throw unauthorized(CHALLENGE_INVALID);
      return { token, model: presentSessionModel(found.account) };
    },
  );

  /**
   * A first sign-in where two-step sign-in is mandatory (every admin; advertisers when an admin requires it) without
   * an authenticator yet: the authenticator to add, then its first code (an admin's is audited), then the session.
   */
  const setupChallenge = async (role: "admin" | "model", token: string) => {
    const challenge = await readChallenge(secret, token, { role, purpose: "setup" });
    const found = await accountOf(challenge);
    const account = { kind: role, id: challenge.id };
    // Spent once a second factor is set up: from then on her sign-in asks for it.
    if (await hasTwoFactor(app.db, account)) throw unauthorized(CHALLENGE_INVALID);
    return { challenge, found, account };
  };

  for (const role of ["admin", "model"] as const) {
    app.post(
      `/${role}/two-factor/setup`,
      { onRequest, schema: { body: TwoFactorChallengeBodySchema, response: { 200: TwoFactorSetupResponseSchema } } },
      async (request) => {
        const { found, account } = await setupChallenge(role, request.body.challenge);
        const setup = await beginTotpSetup(app.db, key, account, found.account.email);
        return { secret: setup.secret, otpauth_uri: setup.otpauthUri, qr_data_url: setup.qrDataUrl };
      },
    );
  }

  /** Confirms the first code; answers the recovery codes and the session's token. */
  async function confirmSetup(
    request: FastifyRequest,
    role: "admin" | "model",
    body: { challenge: string; code: string },
  ) {
    const { challenge, found, account } = await setupChallenge(role, body.challenge);
    let codes: string[] | null = null;
    await checkCode(request, challenge, async () => {
      codes = await app.db.transaction(async (tx) => {
        const confirmed = await confirmTotpSetup(tx, key, account, body.code);
        if (confirmed && role === "admin") {
          await recordAudit({
            db: tx,
            adminId: challenge.id,
            entry: { action: "two_factor.enable", target: { type: "admin", id: challenge.id } },
          });
        }
        return confirmed;
      });
      return codes !== null;
    });
    const token = await app.startSession(request, { role, id: challenge.id, sessionVersion: challenge.sessionVersion });
    return { found, token, recovery_codes: codes ?? [] };
  }

  /**
   * The same first set-up with a passkey instead of the app: its options (the set-up challenge names the account),
   * then the authenticator's answer, which adds the passkey (an admin's audited) and gives ten recovery codes, in
   * one transaction, then the session. A refused answer adds nothing.
   */
  async function confirmPasskeySetup(
    request: FastifyRequest,
    role: "admin" | "model",
    body: { challenge: string; name: string; response: unknown },
  ) {
    const { challenge, found, account } = await setupChallenge(role, body.challenge);
    const response = body.response as RegistrationResponseJSON;
    const values = await verifyRegistration(app, request, account, { name: body.name, response });
    const codes = await app.db.transaction(async (tx) => {
      const added = await insertPasskey(tx, values);
      if (role === "admin") {
        await recordAudit({
          db: tx,
          adminId: challenge.id,
          entry: { action: "passkey.add", target: { type: "admin", id: challenge.id }, changes: { name: added.name } },
        });
      }
      return regenerateRecoveryCodes(tx, account);
    });
    const token = await app.startSession(request, { role, id: challenge.id, sessionVersion: challenge.sessionVersion });
    return { found, token, recovery_codes: codes };
  }

  for (const role of ["admin", "model"] as const) {
    app.post(
      `/${role}/two-factor/setup/passkey/options`,
      { onRequest, schema: { body: TwoFactorChallengeBodySchema, response: { 200: PasskeyOptionsSchema } } },
      async (request) => {
        const { found, account } = await setupChallenge(role, request.body.challenge);
        return { options: { ...(await registrationOptions(app, request, account, found.account.email)) } };
      },
    );
  }

  app.post(
    "/admin/two-factor/setup/passkey",
    {
      onRequest,
      schema: { body: TwoFactorPasskeySetupBodySchema, response: { 200: AdminTwoFactorConfirmResponseSchema } },
    },
    async (request) => {
      const { found, token, recovery_codes } = await confirmPasskeySetup(request, "admin", request.body);
      if (found.role !== "admin") throw unauthorized(CHALLENGE_INVALID);
      return { token, user: presentAdmin(found.account), recovery_codes };
    },
  );

  app.post(
    "/model/two-factor/setup/passkey",
    {
      onRequest,
      schema: { body: TwoFactorPasskeySetupBodySchema, response: { 200: ModelTwoFactorConfirmResponseSchema } },
    },
    async (request) => {
      const { found, token, recovery_codes } = await confirmPasskeySetup(request, "model", request.body);
      if (found.role !== "model") throw unauthorized(CHALLENGE_INVALID);
      return { token, model: presentSessionModel(found.account), recovery_codes };
    },
  );

  app.post(
    "/admin/two-factor/confirm",
    {
      onRequest,
      schema: { body: AdminTwoFactorConfirmBodySchema, response: { 200: AdminTwoFactorConfirmResponseSchema } },
    },
    async (request) => {
      const { found, token, recovery_codes } = await confirmSetup(request, "admin", request.body);
      if (found.role !== "admin") throw unauthorized(CHALLENGE_INVALID);
      return { token, user: presentAdmin(found.account), recovery_codes };
    },
  );

  app.post(
    "/model/two-factor/confirm",
    {
      onRequest,
      schema: { body: AdminTwoFactorConfirmBodySchema, response: { 200: ModelTwoFactorConfirmResponseSchema } },
    },
    async (request) => {
      const { found, token, recovery_codes } = await confirmSetup(request, "model", request.body);
      if (found.role !== "model") throw unauthorized(CHALLENGE_INVALID);
      return { token, model: presentSessionModel(found.account), recovery_codes };
    },
  );
};

/**
 * Two-step sign-in from Configurações: at /api/models/two-factor (model scope: offered, mandatory only when an admin
 * requires it for advertisers) and at /api/admin/two-factor (admin scope: mandatory for every admin). Each change of
 * a factor asks a current code of the app (or an unused recovery code), as an intruder holding only her open
 * session has none; an admin's every change writes its audit row in the same transaction.
 */
export const twoFactorAccountRoutes: FastifyPluginAsyncZod<{ role: "admin" | "model" }> = async (app, { role }) => {
  const key = twoFactorKey(app.config);
  const accountOf = (request: FastifyRequest): SessionAccount => ({
    kind: role,
    id: role === "admin" ? request.adminId : request.modelId,
  });
  const table = role === "admin" ? admins : models;
  const emailOf = async (account: SessionAccount) => {
    const [row] = await app.db.select({ email: table.email }).from(table).where(eq(table.id, account.id));
    return row.email;
  };
  /** Runs `change` in a transaction, with an admin's audit row `action` in it. */
  const audited = <T>(request: FastifyRequest, action: string, change: (tx: Db) => Promise<T>): Promise<T> =>
    app.db.transaction(async (tx) => {
      const result = await change(tx);
      if (role === "admin") {
        const target = { type: "admin", id: request.adminId };
        await recordAudit({ db: tx, adminId: request.adminId, entry: { action, target } });
      }
      return result;
    });
  const presentSetup = (setup: Awaited<ReturnType<typeof beginTotpSetup>>) => ({
    secret: setup.secret,
    otpauth_uri: setup.otpauthUri,
    qr_data_url: setup.qrDataUrl,
  });

  app.get("/", { schema: { response: { 200: TwoFactorStatusSchema } } }, async (request) => {
    const account = accountOf(request);
    const [state, left, required] = await Promise.all([
      twoFactorState(app.db, account),
      recoveryCodesLeft(app.db, account),
      twoFactorMandatory(app.db, account),
    ]);
    return { enabled: state.enabled, totp: state.totp, recovery_codes_left: state.enabled ? left : 0, required };
  });

  /** The authenticator app to add (a QR code and its key), confirmed by /confirm with its first code. */
  app.post("/setup", { schema: { response: { 200: TwoFactorSetupResponseSchema } } }, async (request) => {
    const account = accountOf(request);
    const email = await emailOf(account);
    return presentSetup(
      await audited(request, "two_factor.setup_start", (db) => beginTotpSetup(db, key, account, email)),
    );
  });

  app.post(
    "/confirm",
    {
      onRequest: app.spendPasswordAttempt,
      schema: { body: TwoFactorConfirmBodySchema, response: { 200: RecoveryCodesResponseSchema } },
    },
    async (request) => {
      const account = accountOf(request);
      // A wrong code writes nothing (no audit row either): the transaction is rolled back by the refusal.
      const codes = await audited(request, "two_factor.enable", async (db) => {
        const confirmed = await confirmTotpSetup(db, key, account, request.body.code);
        if (!confirmed) throw badRequest(CODE_INVALID);
        return confirmed;
      });
      return { recovery_codes: codes };
    },
  );

  /** Ten new recovery codes, confirmed with a current code; the old ones stop working. */
  app.post(
    "/recovery-codes",
    {
      onRequest: app.spendPasswordAttempt,
      schema: { body: TwoFactorCurrentCodeBodySchema, response: { 200: RecoveryCodesResponseSchema } },
    },
    async (request) => {
      const account = accountOf(request);
      await assertCurrentCode(app, request, account, request.body.code);
      return {
        recovery_codes: await audited(request, "two_factor.recovery_codes", (db) =>
          regenerateRecoveryCodes(db, account),
        ),
      };
    },
  );

  /**
   * A new phone: with a current code (or a recovery code) the authenticator is forgotten and a new one is set up
   * exactly as the first time (this answer, then /confirm with its first code, which also gives new recovery codes).
   */
  app.post(
    "/replace",
    {
      onRequest: app.spendPasswordAttempt,
      schema: { body: TwoFactorCurrentCodeBodySchema, response: { 200: TwoFactorSetupResponseSchema } },
    },
    async (request) => {
      const account = accountOf(request);
      await assertCurrentCode(app, request, account, request.body.code);
      const email = await emailOf(account);
      const setup = await audited(request, "two_factor.replace", async (db) => {
        await removeTotp(db, account);
        return beginTotpSetup(db, key, account, email);
      });
      return presentSetup(setup);
    },
  );

  /**
   * Removing the authenticator app: her password and a current code; then her other sessions end, as any sign-in
   * made with the second step could be the intruder's. With no passkey left this switches two-step sign-in off, which
   * is refused (403) where it is mandatory (every admin; advertisers when an admin requires it): an admin removes her
   * app only once she signs in with a passkey.
   */
  app.post(
    "/disable",
    { onRequest: app.spendPasswordAttempt, schema: { body: TwoFactorDisableBodySchema } },
    async (request, reply) => {
      const account = accountOf(request);
      const [state, mandatory] = await Promise.all([
        twoFactorState(app.db, account),
        twoFactorMandatory(app.db, account),
      ]);
      if (state.passkeys === 0 && mandatory) throw forbidden(TWO_FACTOR_MANDATORY);
      const attempt = { ip: request.ip, secret: app.config.jwtSecret };
      const { password, code } = request.body;
      await assertPassword({ db: app.db, account, password, path: "password", attempt });
      await assertCurrentCode(app, request, account, code);
      await audited(request, "two_factor.remove_app", async (db) => {
        await removeTotp(db, account);
        // Her last passkey removed meanwhile: the app was her last second factor where one is mandatory.
        if (mandatory && !(await twoFactorState(db, account)).enabled) throw forbidden(TWO_FACTOR_MANDATORY);
      });
      await endSessions(app.db, account, { except: request.sessionId });
      return reply.status(204).send();
    },
  );
};
