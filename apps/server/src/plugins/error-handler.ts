import type { ErrorDetail } from "@vitrine/contracts";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../lib/app-error";

export const VALIDATION_ERROR = "Erro de validação";

/** Portuguese messages for the framework's own client errors. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "JSON inválido no corpo da requisição",
  FST_ERR_CTP_EMPTY_JSON_BODY: "O corpo da requisição está vazio",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Tipo de conteúdo não suportado",
  FST_ERR_CTP_BODY_TOO_LARGE: "Requisição grande demais",
  FST_REQ_FILE_TOO_LARGE: "Arquivo grande demais",
  FST_FILES_LIMIT: "Envie um arquivo por vez",
  FST_INVALID_MULTIPART_CONTENT_TYPE: "Envie o arquivo como multipart/form-data",
  FST_ERR_VALIDATION: VALIDATION_ERROR,
};

function toDetails(error: FastifyError): ErrorDetail[] {
  return (error.validation ?? []).map((v) => ({
    path: v.instancePath.replace(/^\//, "").replace(/\//g, ".") || String(error.validationContext ?? ""),
    message: v.message ?? "Valor inválido",
  }));
}

/** The single place an error becomes a response: `{ error, details? }`, never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ error: error.message, details: error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ error: VALIDATION_ERROR, details: toDetails(error) });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ error: "Muitas tentativas. Aguarde um minuto e tente novamente." });
    }
    if (status >= 400 && status < 500) {
      const message = (error.code && FRAMEWORK_MESSAGES[error.code]) ?? "Requisição inválida";
      return reply.code(status).send({ error: message });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send({ error: "Erro interno do servidor. Tente novamente mais tarde." });
  });
}
