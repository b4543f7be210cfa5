import {
  type DocumentType,
  type ErrorDetail,
  UPLOAD_MAX_BYTES,
  VERIFICATION_FILES,
  type VerificationFile,
  VerificationFieldsSchema,
} from "@vitrine/contracts";
import type { FastifyRequest } from "fastify";
import { AppError, badRequest, validationError } from "../../lib/app-error";

/** busboy limits of the verification upload: the two photos and two short text fields. */
export const VERIFICATION_UPLOAD_LIMITS = {
  fileSize: UPLOAD_MAX_BYTES,
  files: 2,
  fields: 2,
  parts: 4,
  fieldSize: 4096,
  fieldNameSize: 100,
  headerPairs: 100,
};

export type VerificationUpload = {
  documentType: DocumentType;
  message: string | undefined;
  files: Record<VerificationFile, Buffer>;
};

const FILE_LABELS: Record<VerificationFile, string> = {
  document: "Envie a foto do documento",
  selfie: "Envie a selfie segurando o código",
};
const FORM_INVALID = "Formulário inválido: envie o documento e a selfie como multipart/form-data";

/** The multipart parser's failures as answers: a file over the limit is 413, anything malformed 400. */
function uploadFailure(err: unknown): unknown {
  const e = err as { code?: string; message?: string } | null;
  if (e?.code === "FST_REQ_FILE_TOO_LARGE") {
    return new AppError(413, "PAYLOAD_TOO_LARGE", `Cada foto deve ter no máximo ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`);
  }
  const malformed = /multipart|part terminated|unexpected end|aborted/i.test(e?.message ?? "");
  return e?.code?.startsWith("FST_") || e?.code === "ECONNRESET" || malformed ? badRequest(FORM_INVALID) : err;
}

/**
 * Reads POST /api/models/verification: the files `document` and `selfie` (each read into memory, at most
 * UPLOAD_MAX_BYTES) and the fields `document_type` and `message` (her appeal).
 */
export async function readVerificationUpload(request: FastifyRequest): Promise<VerificationUpload> {
  // A boundary over RFC 2046's 70 characters is a malformed form (the parser cannot search for a long one).
  if (/;\s*boundary="?[^";\s]{71,}/i.test(request.headers["content-type"] ?? "")) throw badRequest(FORM_INVALID);
  const files: Partial<Record<VerificationFile, Buffer>> = {};
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: VERIFICATION_UPLOAD_LIMITS })) {
      if (part.type === "file") {
        const data = await part.toBuffer();
        const name = part.fieldname as VerificationFile;
        if (!VERIFICATION_FILES.includes(name)) {
          throw validationError([{ path: part.fieldname, message: "Envie apenas o documento e a selfie" }]);
        }
        files[name] = data;
      } else if (typeof part.value === "string") {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw uploadFailure(err);
  }
  const details: ErrorDetail[] = VERIFICATION_FILES.filter((name) => !files[name]?.length).map((name) => ({
    path: name,
    message: FILE_LABELS[name],
  }));
  const parsed = VerificationFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    details.push(...parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })));
  }
  if (details.length > 0 || !parsed.success) throw validationError(details);
  return {
    documentType: parsed.data.document_type,
    message: parsed.data.message,
    files: files as Record<VerificationFile, Buffer>,
  };
}
