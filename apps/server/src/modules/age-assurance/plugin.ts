import { AGE_VERIFICATION_REQUIRED_MESSAGE } from "@vitrine/contracts";
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../../lib/app-error";
import { type AgePass, readAgePass } from "./pass";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Whether adult content may go to this request: always in self-declaration mode (the click-through gate is the
     * browser's); with a verifier, only with a valid age pass (./pass.ts). A signature check, no database read.
     */
    hasAgePass(request: FastifyRequest): Promise<boolean>;
    /** The request's valid age pass, or null (in either mode). */
    readAgePass(request: FastifyRequest): Promise<AgePass | null>;
    /**
     * onRequest guard of the adult-content routes: with a verifier, a request without a valid pass is refused with
     * 403 AGE_VERIFICATION_REQUIRED before its body is read.
     */
    requireAgePass: onRequestAsyncHookHandler;
  }
}

export const ageVerificationRequired = () =>
  new AppError(403, "AGE_VERIFICATION_REQUIRED", AGE_VERIFICATION_REQUIRED_MESSAGE);

export const ageAssurancePlugin = fp(async (app: FastifyInstance) => {
  const { mode } = app.config.ageAssurance;
  const secret = app.config.jwtSecret;
  app.decorate("readAgePass", (request: FastifyRequest) => readAgePass(request, secret));
  app.decorate("hasAgePass", async (request: FastifyRequest) =>
    mode === "self-declaration" ? true : (await readAgePass(request, secret)) !== null,
  );
  app.decorate("requireAgePass", async function requireAgePass(request: FastifyRequest) {
    if (!(await app.hasAgePass(request))) throw ageVerificationRequired();
  });
});
