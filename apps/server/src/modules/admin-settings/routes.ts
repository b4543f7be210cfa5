import {
  AdminAccountBodySchema,
  AdminAccountResponseSchema,
  AdminIdParamsSchema,
  AdminSettingResponseSchema,
  AdminSettingsResponseSchema,
  CreateSettingBodySchema,
  UpdateSettingBodySchema,
} from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { changeAdminAccount } from "./account";
import { presentAdmin } from "../auth/service";
import { kickMail } from "../mail/service";
import { presentAdminSetting } from "./present";
import { createSetting, listSettings, updateSetting } from "./service";

/** Site settings and the signed-in admin's own login, at /api/admin (admin scope). */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/settings", { schema: { response: { 200: AdminSettingsResponseSchema } } }, async () => ({
    settings: (await listSettings({ db: app.db })).map(presentAdminSetting),
  }));

  app.put(
    "/settings/:id",
    {
      schema: {
        params: AdminIdParamsSchema,
        body: UpdateSettingBodySchema,
        response: { 200: AdminSettingResponseSchema },
      },
    },
    async (request) => {
      const { adminId, params, body } = request;
      const row = await updateSetting({ db: app.db, adminId, id: params.id, value: body.value });
      return { setting: presentAdminSetting(row) };
    },
  );

  app.post(
    "/settings",
    { schema: { body: CreateSettingBodySchema, response: { 201: AdminSettingResponseSchema } } },
    async (request, reply) => {
      const { adminId, body } = request;
      const row = await createSetting({ db: app.db, adminId, key: body.setting_key, value: body.setting_value });
      return reply.code(201).send({ setting: presentAdminSetting(row) });
    },
  );

  // Checks a password: spends from the same per-network budget as the logins.
  app.put(
    "/account",
    {
      // A sensitive change: also a recent proof (her sign-in, password or second factor of the last minutes).
      onRequest: [app.spendPasswordAttempt, app.requireRecentProof],
      config: { allowPendingPasswordChange: true },
      schema: { body: AdminAccountBodySchema, response: { 200: AdminAccountResponseSchema } },
    },
    async (request) => {
      const admin = await changeAdminAccount({
        db: app.db,
        adminId: request.adminId,
        body: request.body,
        attempt: { ip: request.ip, secret: app.config.jwtSecret },
      });
      kickMail(app);
      // Every other session of this admin ended; this device continues with a fresh token.
      const token = await app.renewSession(request, admin.sessionVersion);
      return { token, user: presentAdmin(admin) };
    },
  );
};
