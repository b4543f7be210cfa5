// No zod here: the public card and profile load this file (the schemas are in verification.ts).

/**
 * Identity verification of a model (an advertiser): she cannot appear in public until it is approved. By review she
 * sends a photo of an identity document and a selfie holding the code shown on her screen; an admin approves it
 * with her birth date, rejects it with a reason she reads, or asks for new photos. Through a verifier, its answer
 * decides. Under 18, the account is frozen and flagged to the admins.
 */
export const DOCUMENT_TYPES = ["rg", "cnh", "passport"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = { rg: "RG", cnh: "CNH", passport: "Passaporte" };

/** The two files of a review: the field names of the upload and of the admin's file route. */
export const VERIFICATION_FILES = ["document", "selfie"] as const;
export type VerificationFile = (typeof VERIFICATION_FILES)[number];

/**
 * Where a model stands: `none` (nothing sent, or only a code drawn), `pending` (awaiting review), `approved`
 * (verified: her profile may appear), `rejected` (she may appeal once, sending new photos with a message),
 * `resubmit` (an admin asked for new photos), `closed` (her appeal was rejected too), `frozen` (under 18: the
 * account is frozen until an admin looks at it).
 */
export const OWN_VERIFICATION_STATES = [
  "none",
  "pending",
  "approved",
  "rejected",
  "resubmit",
  "closed",
  "frozen",
] as const;
export type OwnVerificationState = (typeof OWN_VERIFICATION_STATES)[number];

export const VERIFICATION_REASON_MIN = 5;
export const VERIFICATION_REASON_MAX = 1000;
export const APPEAL_MESSAGE_MIN = 10;
export const APPEAL_MESSAGE_MAX = 2000;

/** Her files are deleted this long after the decision… */
export const VERIFICATION_FILES_KEEP_HOURS = 24;
/** …or this long after the decision she appeals against. */
export const VERIFICATION_APPEAL_KEEP_DAYS = 30;

export const DOCUMENT_NUMBER_MIN = 4;
export const DOCUMENT_NUMBER_MAX = 20;

/** A verification refused because the identity (document or verifier account) belongs to a banned account. */
export const IDENTITY_BANNED_MESSAGE =
  "Esta identidade pertence a uma conta encerrada pela moderação e não pode ser verificada novamente.";

/**
 * The result of a verification at the identity verifier, on her verification page after the verifier sends her
 * back (`?verificador=…`): approved, under 18 (frozen), refused (banned identity), cancelled, or failed.
 */
export const VERIFIER_RESULT_PARAM = "verificador";
export const VERIFIER_RESULTS = ["aprovada", "menor", "recusada", "cancelada", "falhou"] as const;
export type VerifierResult = (typeof VERIFIER_RESULTS)[number];

export const UNDERAGE_MESSAGE =
  "Menor de 18 anos: a verificação não pode ser aprovada. A conta foi congelada e sinalizada aos administradores.";
export const VERIFIED_BADGE_LABEL = "Verificada";
