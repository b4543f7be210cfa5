import { UPLOAD_MAX_BYTES, UploadPhotoFieldsSchema } from "@vitrine/contracts";
import type { FastifyRequest } from "fastify";
import { AppError, badRequest, validationError } from "../../lib/app-error";

/** busboy limits for the one upload route: one file, a couple of small text fields. */
export const UPLOAD_LIMITS = {
  fileSize: UPLOAD_MAX_BYTES,
  files: 1,
  fields: 5,
  parts: 6,
  fieldSize: 1024,
  fieldNameSize: 100,
  headerPairs: 100,
};

export type PhotoUpload = { data: Buffer; originalName: string; isPrimary: boolean; isPublic: boolean };

const MAX_MB = Math.round(UPLOAD_MAX_BYTES / (1024 * 1024));

/**
 * The multipart plugin's limit errors, in Portuguese. A body the browser stopped sending (the upload was
 * cancelled, the connection dropped) is the request's fault, not the server's: a 400 nobody waits for.
 */
export function translateMultipartError(err: unknown): unknown {
  const code = (err as { code?: string } | null)?.code;
  if (code === "ECONNRESET" || (err instanceof Error && err.message === "aborted")) {
    return badRequest("Envio interrompido");
  }
  if (code === "FST_REQ_FILE_TOO_LARGE")
    return new AppError(413, "PAYLOAD_TOO_LARGE", `A foto deve ter no máximo ${MAX_MB} MB`);
  if (code === "FST_FILES_LIMIT") return badRequest("Envie uma foto por vez");
  if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") return badRequest("Campos demais no formulário");
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") {
    return badRequest("Envie a foto como multipart/form-data no campo photo");
  }
  if (code === "FST_PROTO_VIOLATION" || code === "FST_INVALID_JSON_FIELD_ERROR" || code === "FST_MP_PREMATURE_CLOSE") {
    return badRequest("Formulário inválido");
  }
  if (err instanceof Error && /multipart|Part terminated|Unexpected end/i.test(err.message)) {
    return badRequest("Formulário inválido");
  }
  return err;
}

/** RFC 2046: a multipart boundary has 1 to 70 characters (the parser cannot search for one over 252). */
const BOUNDARY_MAX = 70;
const BOUNDARY = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i;

/** A boundary the parser can work with; anything else is a malformed form, refused before the body is read. */
function checkBoundary(contentType: string | undefined): void {
  const match = BOUNDARY.exec(contentType ?? "");
  const boundary = match?.[1] ?? match?.[2];
  if (boundary !== undefined && boundary.length > BOUNDARY_MAX) throw badRequest("Formulário inválido");
}

/**
 * Reads the multipart body of POST /api/models/photos: the file from field `photo` (read into memory, capped
 * at UPLOAD_MAX_BYTES) and the text fields is_primary and is_public.
 */
export async function readPhotoUpload(request: FastifyRequest): Promise<PhotoUpload> {
  let file: { data: Buffer; originalName: string } | undefined;
  const fields: Record<string, string> = {};
  checkBoundary(request.headers["content-type"]);
  try {
    for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
      if (part.type === "file") {
        const data = await part.toBuffer();
        if (part.fieldname !== "photo") {
          throw validationError([{ path: part.fieldname, message: "Envie a foto no campo photo" }]);
        }
        file = { data, originalName: part.filename };
      } else if (typeof part.value === "string") {
        fields[part.fieldname] = part.value.trim().toLowerCase();
      }
    }
  } catch (err) {
    throw translateMultipartError(err);
  }
  if (!file || file.data.length === 0) {
    throw validationError([{ path: "photo", message: "Escolha uma foto para enviar" }]);
  }
  const parsed = UploadPhotoFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    throw validationError(details);
  }
  return {
    data: file.data,
    originalName: file.originalName,
    isPrimary: parsed.data.is_primary,
    isPublic: parsed.data.is_public,
  };
}
