import type { AgeAssuranceConfig } from "../../config";
import { isDemoAgeVerifier } from "../../fake-age-verifier/identity";

export const AGE_ASSURANCE_UNSET_MESSAGE =
  "AGE_ASSURANCE não definido. Em produção escolha explicitamente: AGE_ASSURANCE=verifier (um verificador de " +
  "idade, como exige a Lei 15.211/2025 para conteúdo adulto) ou AGE_ASSURANCE=self-declaration (autodeclaração, " +
  'que não atende à lei). Veja "Verificação de idade" no README.';

export const DEMO_VERIFIER_IN_PRODUCTION_MESSAGE =
  "O verificador de idade de demonstração não pode ser usado em produção: configure AGE_VERIFIER_ISSUER, " +
  'AGE_VERIFIER_CLIENT_ID e AGE_VERIFIER_CLIENT_SECRET do seu verificador (veja "Verificação de idade" no README).';

export const HTTP_VERIFIER_IN_PRODUCTION_MESSAGE =
  "AGE_VERIFIER_ISSUER deve ser um endereço https em produção (http só para testes e demonstração locais).";

/**
 * Start-up check of the age-assurance configuration in production: the mode must be chosen explicitly (an operator
 * decides knowingly between a verifier and the unlawful self-declaration), and a verifier must be a real one over
 * https — never the demonstration verifier.
 */
export function assertAgeAssuranceForProduction(config: AgeAssuranceConfig, production: boolean): void {
  if (!production) return;
  if (!config.explicit) throw new Error(AGE_ASSURANCE_UNSET_MESSAGE);
  if (config.mode !== "verifier" || !config.verifier) return;
  if (isDemoAgeVerifier(config.verifier)) throw new Error(DEMO_VERIFIER_IN_PRODUCTION_MESSAGE);
  if (new URL(config.verifier.issuer).protocol !== "https:") throw new Error(HTTP_VERIFIER_IN_PRODUCTION_MESSAGE);
}
