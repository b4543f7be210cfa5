/** What the rest of the server (SSR, uploads, other modules) uses of age assurance. */
export { type AgePass, readAgePass } from "./pass";
export { ageVerificationRequired } from "./plugin";
