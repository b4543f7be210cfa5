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

/** Whether a verifier configuration points at the demonstration verifier (refused in production). */
export function isDemoAgeVerifier(verifier: { clientId: string } | null): boolean {
  return verifier?.clientId === DEMO_AGE_VERIFIER.clientId;
}
