/**
 * How the demonstration age verifier names itself, apart from the provider (./demo-verifier.ts) so that the server
 * can recognise its configuration without loading oidc-provider (a development dependency).
 */
export const DEMO_AGE_VERIFIER = {
  clientId: "vitrine-demo",
  name: "Verificador de idade (demonstração)",
  /** The scope whose claims are the age answers (age_over_18 and birthdate). */
  scope: "idade",
} as const;

/**
 * The same demonstration provider as an identity verifier of advertisers (IDENTITY_VERIFIER_*): asked for this
 * scope, its page takes a birth date and a document number instead of the age question, and the ID token carries
 * `birthdate` and a subject derived from the document number (the same document, the same person).
 */
export const DEMO_IDENTITY_VERIFIER = {
  clientId: DEMO_AGE_VERIFIER.clientId,
  name: "Verificador de identidade (demonstração)",
  scope: "identidade",
  claim: "birthdate",
} as const;

/** Whether a verifier configuration points at the demonstration verifier (refused in production). */
export function isDemoAgeVerifier(verifier: { clientId: string } | null): boolean {
  return verifier?.clientId === DEMO_AGE_VERIFIER.clientId;
}
