/** What the rest of the server (SSR, uploads, other modules) uses of age assurance. */
export { type AgePass, readAgePass } from "./pass";
export { ageVerificationRequired } from "./plugin";
/** The OpenID Connect adapter, reused by the identity verification of advertisers (modules/verification). */
export { createOidcVerifier } from "./oidc-verifier";
export { AGE_SESSION_COOKIE, appendSetCookie, readCookie, sessionHash } from "./pass";
export type { AgeVerifier, VerifierFlow } from "./verifier";
