import { z } from "zod";
import { IdSchema, PaginationSchema } from "./common";
import { cleanPlainText } from "./fields";

import {
  APPEAL_MESSAGE_MAX,
  APPEAL_MESSAGE_MIN,
  DOCUMENT_NUMBER_MAX,
  DOCUMENT_NUMBER_MIN,
  DOCUMENT_TYPES,
  OWN_VERIFICATION_STATES,
  VERIFICATION_FILES,
  VERIFICATION_REASON_MAX,
  VERIFICATION_REASON_MIN,
} from "./verification-plain";

export * from "./verification-plain";

/** Trimmed plain text of `min` to `max` characters. */
function plainText(label: string, min: number, max: number) {
  return z
    .string({ error: `Informe ${label}` })
    .transform((v) => cleanPlainText(v).trim())
    .pipe(
      z
        .string()
        .min(min, `Escreva pelo menos ${min} caracteres em ${label}`)
        .max(max, `No máximo ${max} caracteres em ${label}`),
    );
}

export const DocumentTypeSchema = z.enum(DOCUMENT_TYPES, {
  error: "Escolha o tipo de documento: RG, CNH ou passaporte",
});

/** The text fields of POST /api/models/verification (multipart, with the files `document` and `selfie`). */
export const VerificationFieldsSchema = z.object({
  document_type: DocumentTypeSchema,
  /** Required when the submission is her appeal (after a rejection); ignored otherwise. */
  message: z.string().optional(),
});
export const AppealMessageSchema = plainText("a mensagem do recurso", APPEAL_MESSAGE_MIN, APPEAL_MESSAGE_MAX);

/** GET /api/models/verification: where she stands and what she may do. */
export const OwnVerificationSchema = z.object({
  state: z.enum(OWN_VERIFICATION_STATES),
  is_verified: z.boolean(),
  /** The verified birth date (YYYY-MM-DD), from which her public age is computed. */
  birth_date: z.string().nullable(),
  /** The code to hold in the selfie, while she may send photos. */
  code: z.string().nullable(),
  can_submit: z.boolean(),
  /** The next submission is her one appeal: it needs a message. */
  is_appeal: z.boolean(),
  /** The reason of the last rejection or request for new photos. */
  reason: z.string().nullable(),
  submitted_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** The identity verifier's name when one is configured (she may verify there instead of sending photos). */
  verifier_name: z.string().nullable(),
});
export type OwnVerification = z.infer<typeof OwnVerificationSchema>;

/** POST /api/models/verification/verifier: where to send her browser (the verifier's document + selfie flow). */
export const VerifierStartResponseSchema = z.object({ url: z.string() });
export type VerifierStartResponse = z.infer<typeof VerifierStartResponseSchema>;
export const OwnVerificationResponseSchema = z.object({ verification: OwnVerificationSchema });
export type OwnVerificationResponse = z.infer<typeof OwnVerificationResponseSchema>;

/** A verification as the admin sees it in the queue and the review screen. */
export const AdminVerificationSchema = z.object({
  id: z.number(),
  status: z.string(),
  method: z.string(),
  document_type: z.enum(DOCUMENT_TYPES).nullable(),
  code: z.string().nullable(),
  is_appeal: z.boolean(),
  appeal_message: z.string().nullable(),
  birth_date: z.string().nullable(),
  reason: z.string().nullable(),
  /** Whether the document and selfie are still stored (until the job deletes them). */
  has_files: z.boolean(),
  submitted_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  verifier: z.string().nullable(),
  /**
   * The age she typed herself (at registration or on her profile), while this verification awaits review and
   * she is not verified yet: the reviewer compares it with the document's. Null once decided (her age then comes
   * from the document's birth date).
   */
  declared_age: z.number().nullable(),
  model: z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    /** The age she typed. */
    age: z.number().nullable(),
    city: z.string().nullable(),
    is_verified: z.boolean(),
    frozen_at: z.string().nullable(),
  }),
});
export type AdminVerification = z.infer<typeof AdminVerificationSchema>;

/** GET /api/admin/verifications: the queue (awaiting review, oldest first) and the frozen accounts. */
export const AdminVerificationsQuerySchema = z.object({
  page: z.coerce.number({ error: "Página inválida" }).int("Página inválida").min(1, "Página inválida").default(1),
  limit: z.coerce.number({ error: "Limite inválido" }).int("Limite inválido").min(1).max(50).default(20),
});
export const AdminVerificationsResponseSchema = z.object({
  verifications: z.array(AdminVerificationSchema),
  pagination: PaginationSchema,
  /** Accounts frozen by a verification under 18, most recent first. */
  frozen: z.array(AdminVerificationSchema.shape.model),
});
export type AdminVerificationsResponse = z.infer<typeof AdminVerificationsResponseSchema>;

/** GET /api/admin/verifications/{id}: the verification and her earlier ones (newest first). */
export const AdminVerificationResponseSchema = z.object({
  verification: AdminVerificationSchema,
  history: z.array(AdminVerificationSchema.omit({ model: true })),
});
export type AdminVerificationResponse = z.infer<typeof AdminVerificationResponseSchema>;

export const VerificationFileParamsSchema = z.object({
  id: IdSchema,
  file: z.enum(VERIFICATION_FILES, { error: "Arquivo inválido" }),
});

const BIRTH_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date (YYYY-MM-DD) that exists, not in the future is checked by the service. */
export const BirthDateSchema = z
  .string({ error: "Informe a data de nascimento" })
  .regex(BIRTH_DATE, "Data de nascimento inválida: use AAAA-MM-DD")
  .refine((v) => {
    const date = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v && v >= "1900-01-01";
  }, "Data de nascimento inválida");

/**
 * The number read on her document, as the admin types it: only letters and digits count (dots, dashes and spaces
 * are dropped, letters upper-cased), 4 to 20 of them. Only a keyed hash of it is kept (a ban blocks it).
 */
export const DocumentNumberSchema = z
  .string({ error: "Informe o número do documento" })
  .transform((v) => v.toUpperCase().replace(/[^0-9A-Z]/g, ""))
  .pipe(
    z
      .string()
      .min(DOCUMENT_NUMBER_MIN, "Número do documento inválido: informe os dígitos e letras do documento")
      .max(DOCUMENT_NUMBER_MAX, "Número do documento inválido: informe os dígitos e letras do documento"),
  );

export const ApproveVerificationBodySchema = z.object({
  birth_date: BirthDateSchema,
  document_number: DocumentNumberSchema,
});
export type ApproveVerificationBody = z.input<typeof ApproveVerificationBodySchema>;
/** Reject (she reads the reason and may appeal once) or ask for new photos (she reads what to fix). */
export const VerificationReasonBodySchema = z.object({
  reason: plainText("o motivo", VERIFICATION_REASON_MIN, VERIFICATION_REASON_MAX),
});
export type VerificationReasonBody = z.input<typeof VerificationReasonBodySchema>;
export const AdminVerificationDecisionResponseSchema = z.object({ verification: AdminVerificationSchema });
