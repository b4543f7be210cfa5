import type { AgeVerifierConfig } from "../../config";
import { isDemoAgeVerifier } from "../../fake-age-verifier/identity";

export const DEMO_IDENTITY_VERIFIER_IN_PRODUCTION_MESSAGE =
  "O verificador de identidade de demonstração não pode ser usado em produção: configure IDENTITY_VERIFIER_ISSUER, " +
  "IDENTITY_VERIFIER_CLIENT_ID e IDENTITY_VERIFIER_CLIENT_SECRET do seu verificador, ou deixe-os vazios para " +
  'verificar anunciantes só pela análise de documentos (veja "Verificação de anunciantes" no README).';

export const HTTP_IDENTITY_VERIFIER_IN_PRODUCTION_MESSAGE =
  "IDENTITY_VERIFIER_ISSUER deve ser um endereço https em produção (http só para testes e demonstração locais).";

/**
 * Start-up check of the identity verifier in production: none (review only) or a real one over https — never the
 * demonstration verifier, which verifies anyone who types a birth date.
 */
export function assertIdentityVerifierForProduction(verifier: AgeVerifierConfig | null, production: boolean): void {
  if (!production || !verifier) return;
  if (isDemoAgeVerifier(verifier)) throw new Error(DEMO_IDENTITY_VERIFIER_IN_PRODUCTION_MESSAGE);
  if (new URL(verifier.issuer).protocol !== "https:") throw new Error(HTTP_IDENTITY_VERIFIER_IN_PRODUCTION_MESSAGE);
}
