import {
  IdParamsSchema,
  type Passkey,
  PasskeyAddedSchema,
  PasskeyOptionsSchema,
  PasskeyRegisterBodySchema,
  PasskeyRemoveBodySchema,
  PasskeysResponseSchema,
  SuccessSchema,
} from "@vitrine/contracts";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { admins, models, type PasskeyRow } from "../../db/schema";
import { forbidden, notFound, validationError } from "../../lib/app-error";
import { assertPassword } from "../account/service";
import { auditedForAdmin } from "../audit/service";
import {
  addPasskey,
  removePasskey,
  type FactorAccount,
  TWO_FACTOR_MANDATORY,
  twoFactorMandatory,
  twoFactorState,
  listPasskeys,
  registrationOptions,
  verifyRegistration,
} from "../factors/service";
import { kickMail } from "../mail/service";
import { endSessions } from "../sessions/service";

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
  const accountOf = (request: FastifyRequest): FactorAccount => ({
    kind: role,
    id: role === "admin" ? request.adminId : request.modelId,
  });
  app.get("/", { schema: { response: { 200: PasskeysResponseSchema } } }, async (request) => {
    return { passkeys: (await listPasskeys(app.db, accountOf(request))).map(present) };
  });

  app.post(
    "/options",
    { onRequest: app.requireRecentProof, schema: { response: { 200: PasskeyOptionsSchema } } },
    async (request) => {
      const account = accountOf(request);
      const table = role === "admin" ? admins : models;
      const [row] = await app.db.select({ email: table.email }).from(table).where(eq(table.id, account.id));
      // An admin beginning to add a way into the back-office is itself recorded (every admin POST writes its row).
      const options = await registrationOptions(app, request, account, row.email);
      await auditedForAdmin(app.db, role, request, "passkey.add_start", {}, async () => undefined);
      return { options: { ...options } };
    },
  );

  /** Adds the passkey; her first second factor (no recovery code left) also brings ten recovery codes, shown once. */
  app.post(
    "/",
    {
      onRequest: app.requireRecentProof,
      schema: { body: PasskeyRegisterBodySchema, response: { 201: PasskeyAddedSchema } },
    },
    async (request, reply) => {
      const account = accountOf(request);
      const body = { name: request.body.name, response: request.body.response as RegistrationResponseJSON };
      const values = await verifyRegistration(app, request, account, body);
      const { row, codes } = await app.db.transaction((tx) => addPasskey(tx, values, "if-none"));
      kickMail(app);
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
    {
      onRequest: [app.spendPasswordAttempt, app.requireRecentProof],
      schema: { params: IdParamsSchema, body: PasskeyRemoveBodySchema, response: { 200: SuccessSchema } },
    },
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
      const row = await app.db.transaction((tx) =>
        removePasskey(tx, account, request.params.id, { mayTurnOff: turnsOff }),
      );
      if (!row) throw notFound(PASSKEY_NOT_FOUND);
      kickMail(app);
      if (turnsOff) await endSessions(app.db, account, { except: request.sessionId });
      return { success: true as const };
    },
  );
};
