import {
  AdminLoginResponseSchema,
  IdParamsSchema,
  ModelAuthResponseSchema,
  type Passkey,
  PasskeyAddedSchema,
  PasskeyOptionsSchema,
  PasskeyRegisterBodySchema,
  PasskeyRemoveBodySchema,
  PasskeySignInBodySchema,
  PasskeySignInOptionsBodySchema,
  PasskeysResponseSchema,
  SuccessSchema,
} from "@vitrine/contracts";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { admins, models, type PasskeyRow } from "../../db/schema";
import { conflict, forbidden, notFound, unauthorized, validationError } from "../../lib/app-error";
import { assertPassword } from "../account/service";
import { recordAudit } from "../audit/service";
import { presentAdmin } from "../auth/service";
import { presentSessionModel } from "../models/present-session";
import { endSessions, type SessionAccount } from "../sessions/service";
import {
  CHALLENGE_INVALID,
  readChallenge,
  recoveryCodesForNewFactor,
  removeRecoveryCodes,
  TWO_FACTOR_MANDATORY,
  twoFactorMandatory,
  twoFactorState,
} from "../two-factor/service";
import {
  authenticatePasskey,
  authenticationOptions,
  listPasskeys,
  PASSKEY_FAILED,
  insertPasskey,
  registrationOptions,
  removePasskey,
  verifyRegistration,
} from "./service";

const PASSKEY_NOT_FOUND = "Chave de acesso não encontrada";

const present = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * "Chaves de acesso (passkeys)" in Configurações: the caller's passkeys listed, one added (options, then the
 * authenticator's answer), one removed. Registered in the model scope (/api/models/passkeys) and in the admin scope
 * (/api/admin/passkeys, where adding and removing write an audit row).
 */
export const passkeyRoutes: FastifyPluginAsyncZod<{ role: "admin" | "model" }> = async (app, { role }) => {
  const accountOf = (request: FastifyRequest): SessionAccount => ({
    kind: role,
    id: role === "admin" ? request.adminId : request.modelId,
  });
  /** An admin's passkey added or removed is audited, in the transaction of the change (named, never its id). */
  const audit = (db: Db, request: FastifyRequest, action: string, row: PasskeyRow) =>
    role === "admin"
      ? recordAudit({
          db,
          adminId: request.adminId,
          entry: { action, target: { type: "admin", id: request.adminId }, changes: { name: row.name } },
        })
      : Promise.resolve();

  app.get("/", { schema: { response: { 200: PasskeysResponseSchema } } }, async (request) => {
    return { passkeys: (await listPasskeys(app.db, accountOf(request))).map(present) };
  });

  app.post("/options", { schema: { response: { 200: PasskeyOptionsSchema } } }, async (request) => {
    const account = accountOf(request);
    const table = role === "admin" ? admins : models;
    const [row] = await app.db.select({ email: table.email }).from(table).where(eq(table.id, account.id));
    const options = await registrationOptions(app, request, account, row.email);
    // An admin beginning to add a way into the back-office is itself recorded (every admin POST writes its row).
    if (role === "admin") {
      await recordAudit({
        db: app.db,
        adminId: request.adminId,
        entry: { action: "passkey.add_start", target: { type: "admin", id: request.adminId } },
      });
    }
    return { options: { ...options } };
  });

  /** Adds the passkey; her first second factor (no recovery code left) also brings ten recovery codes, shown once. */
  app.post(
    "/",
    { schema: { body: PasskeyRegisterBodySchema, response: { 201: PasskeyAddedSchema } } },
    async (request, reply) => {
      const account = accountOf(request);
      const body = { name: request.body.name, response: request.body.response as RegistrationResponseJSON };
      const values = await verifyRegistration(app, request, account, body);
      const { row, codes } = await app.db.transaction(async (tx) => {
        const added = await insertPasskey(tx, values);
        await audit(tx, request, "passkey.add", added);
        return { row: added, codes: await recoveryCodesForNewFactor(tx, account) };
      });
      reply.code(201);
      return { ...present(row), ...(codes ? { recovery_codes: codes } : {}) };
    },
  );

  /**
   * Removes one of her passkeys. When it is her last second factor (no other passkey, no authenticator app) this
   * switches two-step sign-in off, as "Desativar" does: refused (403) where it is mandatory (every admin; advertisers
   * when an admin requires it), else it needs her password, deletes her recovery codes and ends her other sessions.
   */
  app.delete(
    "/:id",
    { schema: { params: IdParamsSchema, body: PasskeyRemoveBodySchema, response: { 200: SuccessSchema } } },
    async (request) => {
      const account = accountOf(request);
      const [state, mine] = await Promise.all([twoFactorState(app.db, account), listPasskeys(app.db, account)]);
      if (!mine.some((p) => p.id === request.params.id)) throw notFound(PASSKEY_NOT_FOUND);
      const turnsOff = !state.totp && mine.length === 1;
      if (turnsOff) {
        if (await twoFactorMandatory(app.db, account)) throw forbidden(TWO_FACTOR_MANDATORY);
        const password = request.body?.password;
        if (!password) {
          const message = "Informe sua senha para remover a última chave de acesso";
          throw validationError([{ path: "password", message }], message);
        }
        const attempt = { ip: request.ip, secret: app.config.jwtSecret };
        await assertPassword({ db: app.db, account, password, path: "password", attempt });
      }
      await app.db.transaction(async (tx) => {
        const row = await removePasskey(tx, account, request.params.id);
        if (!row) throw notFound(PASSKEY_NOT_FOUND);
        const after = await twoFactorState(tx, account);
        // Another passkey removed meanwhile: this one became the last without her password.
        if (!after.enabled && !turnsOff) throw conflict("Suas chaves de acesso mudaram. Tente novamente.");
        if (!after.enabled) await removeRecoveryCodes(tx, account);
        await audit(tx, request, "passkey.remove", row);
      });
      if (turnsOff) await endSessions(app.db, account, { except: request.sessionId });
      return { success: true as const };
    },
  );
};

/**
 * Signing in with a passkey, at /api/auth (public scope): as the second step after the password (with the password
 * step's challenge, "Usar chave de acesso"), or alone ("Entrar com chave de acesso": a discoverable passkey with user
 * verification is both steps). The session starts as after a code (app.startSession); a model is found as the
 * password step finds her (never a deleted account; a banned one signs in to read the decision, and the model scope
 * lets her reach nothing else). Every route spends from the password budget.
 */
export const passkeyPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.spendPasswordAttempt;
  const secret = app.config.jwtSecret;

  /** The account a password step's challenge names, while its session version is unchanged. */
  const challenged = async (role: "admin" | "model", token: string | undefined) =>
    token === undefined ? null : readChallenge(secret, token, { role, purpose: "verify" });

  async function accountOf(role: "admin" | "model", id: number, sessionVersion?: number) {
    if (role === "admin") {
      const [admin] = await app.db.select().from(admins).where(eq(admins.id, id));
      if (!admin || (sessionVersion !== undefined && admin.sessionVersion !== sessionVersion)) return null;
      return { role: "admin" as const, account: admin };
    }
    const [model] = await app.db
      .select()
      .from(models)
      .where(and(eq(models.id, id), isNull(models.deletedAt)));
    if (!model || (sessionVersion !== undefined && model.sessionVersion !== sessionVersion)) return null;
    return { role: "model" as const, account: model };
  }

  const signIn = async (
    request: FastifyRequest,
    role: "admin" | "model",
    body: { challenge?: string; response: unknown },
  ) => {
    const challenge = await challenged(role, body.challenge);
    const response = body.response as AuthenticationResponseJSON;
    const id = await authenticatePasskey(app, request, role, challenge?.id ?? null, response);
    const found = await accountOf(role, id, challenge?.sessionVersion);
    if (!found) throw unauthorized(challenge ? CHALLENGE_INVALID : PASSKEY_FAILED);
    const token = await app.startSession(request, { role, id, sessionVersion: found.account.sessionVersion });
    return { token, found };
  };

  for (const role of ["admin", "model"] as const) {
    app.post(
      `/${role}/passkey/options`,
      { onRequest, schema: { body: PasskeySignInOptionsBodySchema, response: { 200: PasskeyOptionsSchema } } },
      async (request) => {
        const challenge = await challenged(role, request.body.challenge);
        if (challenge && !(await accountOf(role, challenge.id, challenge.sessionVersion))) {
          throw unauthorized(CHALLENGE_INVALID);
        }
        return { options: { ...(await authenticationOptions(app, request, role, challenge?.id ?? null)) } };
      },
    );
  }

  app.post(
    "/admin/passkey",
    { onRequest, schema: { body: PasskeySignInBodySchema, response: { 200: AdminLoginResponseSchema } } },
    async (request) => {
      const { token, found } = await signIn(request, "admin", request.body);
      if (found.role !== "admin") throw unauthorized(PASSKEY_FAILED);
      return { token, user: presentAdmin(found.account) };
    },
  );

  app.post(
    "/model/passkey",
    { onRequest, schema: { body: PasskeySignInBodySchema, response: { 200: ModelAuthResponseSchema } } },
    async (request) => {
      const { token, found } = await signIn(request, "model", request.body);
      if (found.role !== "model") throw unauthorized(PASSKEY_FAILED);
      return { token, model: presentSessionModel(found.account) };
    },
  );
};
