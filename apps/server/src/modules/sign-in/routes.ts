import {
  AdminLoginResponseSchema,
  AdminLoginResultSchema,
  LoginBodySchema,
  ModelLoginResultSchema,
  AdminTwoFactorConfirmBodySchema,
  AdminTwoFactorConfirmResponseSchema,
  ModelAuthResponseSchema,
  ModelTwoFactorConfirmResponseSchema,
  PasskeyOptionsSchema,
  PasskeySignInBodySchema,
  PasskeySignInOptionsBodySchema,
  TwoFactorChallengeBodySchema,
  TwoFactorCodeBodySchema,
  TwoFactorPasskeySetupBodySchema,
  TwoFactorSetupResponseSchema,
} from "@vitrine/contracts";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticationOptions } from "../factors/service";
import { beginSetupWithApp, confirmSetupWithApp, confirmSetupWithPasskey, setupPasskeyOptions } from "./first-setup";
import { verifyAdminLogin, verifyModelLogin } from "../auth/service";
import { accountOfChallenge, handleNewSignIn, type Role, sessionAnswer, signInAnswer } from "./front-door";
import { readChallenge } from "./pending";
import { answerPendingSignIn, signInWithPasskey } from "./second-step";

/** A right password is a first factor: the front door decides the second step, its first set-up, or the session. */
const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route that takes a password spends from one per-network budget, before the body is read.
  const onRequest = app.spendPasswordAttempt;
  const secret = app.config.jwtSecret;

  app.post(
    "/admin/login",
    { onRequest, schema: { body: LoginBodySchema, response: { 200: AdminLoginResultSchema } } },
    async (request) => {
      const admin = await verifyAdminLogin({ db: app.db, body: request.body, ip: request.ip, secret });
      return signInAnswer("admin", await handleNewSignIn(app, request, { role: "admin", account: admin }, "first"));
    },
  );

  app.post(
    "/model/login",
    { onRequest, schema: { body: LoginBodySchema, response: { 200: ModelLoginResultSchema } } },
    async (request) => {
      const model = await verifyModelLogin({ db: app.db, body: request.body, ip: request.ip, secret });
      return signInAnswer("model", await handleNewSignIn(app, request, { role: "model", account: model }, "first"));
    },
  );
};

/**
 * The second step of a sign-in, at /api/auth (public scope: the pending sign-in of the password step stands for the
 * session): a code for a session, and the first set-up of a second factor where it is mandatory. Every route spends
 * from the password budget; wrong codes back off per account and network, and are capped per account.
 */
const secondStepRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.spendPasswordAttempt;

  app.post(
    "/admin/two-factor",
    { onRequest, schema: { body: TwoFactorCodeBodySchema, response: { 200: AdminLoginResponseSchema } } },
    async (request) =>
      sessionAnswer("admin", await answerPendingSignIn(app, request, "admin", request.body.challenge, request.body)),
  );

  app.post(
    "/model/two-factor",
    { onRequest, schema: { body: TwoFactorCodeBodySchema, response: { 200: ModelAuthResponseSchema } } },
    async (request) =>
      sessionAnswer("model", await answerPendingSignIn(app, request, "model", request.body.challenge, request.body)),
  );

  for (const role of ["admin", "model"] as const) {
    app.post(
      `/${role}/two-factor/setup`,
      { onRequest, schema: { body: TwoFactorChallengeBodySchema, response: { 200: TwoFactorSetupResponseSchema } } },
      async (request) => {
        const setup = await beginSetupWithApp(app, role, request.body.challenge);
        return { secret: setup.secret, otpauth_uri: setup.otpauthUri, qr_data_url: setup.qrDataUrl };
      },
    );

    app.post(
      `/${role}/two-factor/setup/passkey/options`,
      { onRequest, schema: { body: TwoFactorChallengeBodySchema, response: { 200: PasskeyOptionsSchema } } },
      async (request) => ({ options: { ...(await setupPasskeyOptions(app, request, role, request.body.challenge)) } }),
    );
  }

  app.post(
    "/admin/two-factor/setup/passkey",
    {
      onRequest,
      schema: { body: TwoFactorPasskeySetupBodySchema, response: { 200: AdminTwoFactorConfirmResponseSchema } },
    },
    async (request) => {
      const done = await confirmSetupWithPasskey(app, request, "admin", request.body);
      return { ...sessionAnswer("admin", done), recovery_codes: done.recovery_codes };
    },
  );

  app.post(
    "/model/two-factor/setup/passkey",
    {
      onRequest,
      schema: { body: TwoFactorPasskeySetupBodySchema, response: { 200: ModelTwoFactorConfirmResponseSchema } },
    },
    async (request) => {
      const done = await confirmSetupWithPasskey(app, request, "model", request.body);
      return { ...sessionAnswer("model", done), recovery_codes: done.recovery_codes };
    },
  );

  app.post(
    "/admin/two-factor/confirm",
    {
      onRequest,
      schema: { body: AdminTwoFactorConfirmBodySchema, response: { 200: AdminTwoFactorConfirmResponseSchema } },
    },
    async (request) => {
      const done = await confirmSetupWithApp(app, request, "admin", request.body);
      return { ...sessionAnswer("admin", done), recovery_codes: done.recovery_codes };
    },
  );

  app.post(
    "/model/two-factor/confirm",
    {
      onRequest,
      schema: { body: AdminTwoFactorConfirmBodySchema, response: { 200: ModelTwoFactorConfirmResponseSchema } },
    },
    async (request) => {
      const done = await confirmSetupWithApp(app, request, "model", request.body);
      return { ...sessionAnswer("model", done), recovery_codes: done.recovery_codes };
    },
  );
};

/**
 * Signing in with a passkey, at /api/auth (public scope): as the second step after the password (with the pending
 * sign-in, "Usar chave de acesso"), or alone ("Entrar com chave de acesso": a discoverable passkey with user
 * verification is both steps). Every route spends from the password budget.
 */
const passkeySignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.spendPasswordAttempt;
  const secret = app.config.jwtSecret;

  for (const role of ["admin", "model"] as const) {
    app.post(
      `/${role}/passkey/options`,
      { onRequest, schema: { body: PasskeySignInOptionsBodySchema, response: { 200: PasskeyOptionsSchema } } },
      async (request) => {
        const token = request.body.challenge;
        const challenge = token === undefined ? null : await readChallenge(secret, token, { role, purpose: "verify" });
        if (challenge) await accountOfChallenge(app.db, challenge);
        return { options: { ...(await authenticationOptions(app, request, role, challenge?.id ?? null)) } };
      },
    );
  }

  const signIn = (request: FastifyRequest, role: Role, body: { challenge?: string; response: unknown }) => {
    const passkey = body.response as AuthenticationResponseJSON;
    return body.challenge === undefined
      ? signInWithPasskey(app, request, role, passkey)
      : answerPendingSignIn(app, request, role, body.challenge, { passkey });
  };

  app.post(
    "/admin/passkey",
    { onRequest, schema: { body: PasskeySignInBodySchema, response: { 200: AdminLoginResponseSchema } } },
    async (request) => sessionAnswer("admin", await signIn(request, "admin", request.body)),
  );

  app.post(
    "/model/passkey",
    { onRequest, schema: { body: PasskeySignInBodySchema, response: { 200: ModelAuthResponseSchema } } },
    async (request) => sessionAnswer("model", await signIn(request, "model", request.body)),
  );
};

/**
 * Every way in by a password or a factor, at /api/auth (public scope): the password, the second step, the first
 * set-up of a second factor, and the passkey. The admin's direct-login token is exchanged in modules/direct-login,
 * through the same front door.
 */
export const signInRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(loginRoutes);
  await app.register(secondStepRoutes);
  await app.register(passkeySignInRoutes);
};
