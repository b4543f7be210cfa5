import {
  RecoveryCodesResponseSchema,
  TwoFactorConfirmBodySchema,
  TwoFactorCurrentCodeBodySchema,
  TwoFactorDisableBodySchema,
  TwoFactorSetupResponseSchema,
  TwoFactorStatusSchema,
} from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { admins, models } from "../../db/schema";
import { badRequest, forbidden } from "../../lib/app-error";
import { assertPassword } from "../account/service";
import { auditedForAdmin } from "../audit/service";
import {
  assertCurrentSecondStep,
  beginTotpSetup,
  CODE_INVALID,
  type TotpSetup,
  enableTotp,
  regenerateRecoveryCodes,
  removeTotp,
  replaceTotp,
  recoveryCodesLeft,
  type FactorAccount,
  TWO_FACTOR_MANDATORY,
  twoFactorKey,
  twoFactorMandatory,
  twoFactorState,
} from "../factors/service";
import { kickMail } from "../mail/service";
import { endSessions } from "../sessions/service";

export { CODE_INVALID, TWO_FACTOR_MANDATORY };

/**
 * Two-step sign-in from Configurações: at /api/models/two-factor (model scope: offered, mandatory only when an admin
 * requires it for advertisers) and at /api/admin/two-factor (admin scope: mandatory for every admin). Each change of
 * a factor asks a current code of the app (or an unused recovery code), as an intruder holding only her open
 * session has none; an admin's every change writes its audit row in the same transaction.
 */
export const twoFactorAccountRoutes: FastifyPluginAsyncZod<{ role: "admin" | "model" }> = async (app, { role }) => {
  const key = twoFactorKey(app.config);
  // Adding or removing a factor, or new recovery codes, ask for a recent proof (her password or a second factor).
  const sensitive = [app.spendPasswordAttempt, app.requireRecentProof];
  const accountOf = (request: FastifyRequest): FactorAccount => ({
    kind: role,
    id: role === "admin" ? request.adminId : request.modelId,
  });
  const table = role === "admin" ? admins : models;
  const emailOf = async (account: FactorAccount) => {
    const [row] = await app.db.select({ email: table.email }).from(table).where(eq(table.id, account.id));
    return row.email;
  };
  const presentSetup = (setup: TotpSetup) => ({
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
  app.post(
    "/setup",
    { onRequest: app.requireRecentProof, schema: { response: { 200: TwoFactorSetupResponseSchema } } },
    async (request) => {
      const account = accountOf(request);
      const email = await emailOf(account);
      // An admin beginning to add a way into the back-office is itself recorded (every admin POST writes its row).
      const setup = await auditedForAdmin(app.db, role, request, "two_factor.setup_start", {}, (tx) =>
        beginTotpSetup(tx, key, account, email),
      );
      return presentSetup(setup);
    },
  );

  app.post(
    "/confirm",
    {
      onRequest: sensitive,
      schema: { body: TwoFactorConfirmBodySchema, response: { 200: RecoveryCodesResponseSchema } },
    },
    async (request) => {
      const account = accountOf(request);
      // A wrong code writes nothing (no audit row, no e-mail): the transaction is rolled back by the refusal.
      const codes = await app.db.transaction(async (tx) => {
        const confirmed = await enableTotp(tx, key, account, request.body.code);
        if (!confirmed) throw badRequest(CODE_INVALID);
        return confirmed;
      });
      kickMail(app);
      return { recovery_codes: codes };
    },
  );

  /** Ten new recovery codes, confirmed with a current code; the old ones stop working. */
  app.post(
    "/recovery-codes",
    {
      onRequest: sensitive,
      schema: { body: TwoFactorCurrentCodeBodySchema, response: { 200: RecoveryCodesResponseSchema } },
    },
    async (request) => {
      const account = accountOf(request);
      await assertCurrentSecondStep(app, request, account, request.body.code);
      const codes = await app.db.transaction((tx) => regenerateRecoveryCodes(tx, account));
      kickMail(app);
      return { recovery_codes: codes };
    },
  );

  /**
   * A new phone: with a current code (or a recovery code) the authenticator is forgotten and a new one is set up
   * exactly as the first time (this answer, then /confirm with its first code, which also gives new recovery codes).
   */
  app.post(
    "/replace",
    {
      onRequest: sensitive,
      schema: { body: TwoFactorCurrentCodeBodySchema, response: { 200: TwoFactorSetupResponseSchema } },
    },
    async (request) => {
      const account = accountOf(request);
      await assertCurrentSecondStep(app, request, account, request.body.code);
      const email = await emailOf(account);
      const setup = await app.db.transaction((tx) => replaceTotp(tx, key, account, email));
      kickMail(app);
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
    { onRequest: sensitive, schema: { body: TwoFactorDisableBodySchema } },
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
      await assertCurrentSecondStep(app, request, account, code);
      await app.db.transaction((tx) => removeTotp(tx, account, { mandatory }));
      kickMail(app);
      await endSessions(app.db, account, { except: request.sessionId });
      return reply.status(204).send();
    },
  );
};
