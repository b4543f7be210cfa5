import type { Socket } from "node:net";
import { type ErrorCode, type ErrorDetail, type ErrorResponse, VALIDATION_ERROR_MESSAGE } from "@vitrine/contracts";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../lib/app-error";
import { BASELINE_SECURITY_HEADERS } from "./security-headers";

/** Portuguese text and code for the framework's own client errors; nothing of Fastify's wording leaks. */
const FRAMEWORK_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: "BAD_REQUEST", message: "JSON inválido no corpo da requisição" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: "BAD_REQUEST", message: "O corpo da requisição está vazio" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: "UNSUPPORTED_MEDIA_TYPE", message: "Tipo de conteúdo não suportado" },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: "BAD_REQUEST", message: "Tamanho do corpo inválido" },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: "PAYLOAD_TOO_LARGE", message: "Requisição grande demais" },
  FST_REQ_FILE_TOO_LARGE: { code: "PAYLOAD_TOO_LARGE", message: "Arquivo grande demais" },
  FST_FILES_LIMIT: { code: "BAD_REQUEST", message: "Envie um arquivo por vez" },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: "BAD_REQUEST", message: "Envie o arquivo como multipart/form-data" },
  FST_ERR_VALIDATION: { code: "VALIDATION_ERROR", message: VALIDATION_ERROR_MESSAGE },
  FST_ERR_BAD_URL: { code: "BAD_REQUEST", message: "Endereço inválido" },
  FST_ERR_ASYNC_CONSTRAINT: { code: "BAD_REQUEST", message: "Requisição inválida" },
};

const BY_STATUS: Record<number, { code: ErrorCode; message: string }> = {
  401: { code: "UNAUTHENTICATED", message: "Não autenticado" },
  403: { code: "FORBIDDEN", message: "Acesso negado" },
  404: { code: "NOT_FOUND", message: "Não encontrado" },
  413: { code: "PAYLOAD_TOO_LARGE", message: "Requisição grande demais" },
  414: { code: "BAD_REQUEST", message: "Endereço longo demais" },
  415: { code: "UNSUPPORTED_MEDIA_TYPE", message: "Tipo de conteúdo não suportado" },
  429: { code: "RATE_LIMITED", message: "Muitas tentativas. Aguarde um minuto e tente novamente." },
};

export const INTERNAL_ERROR_MESSAGE = "Erro interno do servidor. Tente novamente mais tarde.";
export const ROUTE_NOT_FOUND_MESSAGE = "Rota não encontrada";

/** The one response shape of every failure. */
export function errorBody(
  code: ErrorCode,
  error: string,
  details?: ErrorDetail[],
  usage?: ErrorResponse["usage"],
): ErrorResponse {
  return { error, code, ...(details && { details }), ...(usage && { usage }) };
}

function toDetails(error: FastifyError): ErrorDetail[] {
  return (error.validation ?? []).map((v) => ({
    path: v.instancePath.replace(/^\//, "").replace(/\//g, ".") || String(error.validationContext ?? ""),
    message: v.message ?? "Valor inválido",
  }));
}

/** Any error of a request, expected or not, as `{ error, code, details? }` with its status; never a stack trace. */
export function sendError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return reply.code(error.statusCode).send(errorBody(error.code, error.message, error.details, error.usage));
  }
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    return reply.code(400).send(errorBody("VALIDATION_ERROR", VALIDATION_ERROR_MESSAGE, toDetails(fastifyError)));
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const known = (fastifyError.code && FRAMEWORK_ERRORS[fastifyError.code]) || BY_STATUS[status];
    return reply.code(status).send(errorBody(known?.code ?? "BAD_REQUEST", known?.message ?? "Requisição inválida"));
  }
  request.log.error({ err: error }, "unhandled error");
  return reply.code(500).send(errorBody("INTERNAL_ERROR", INTERNAL_ERROR_MESSAGE));
}

/** The single place an error becomes a response. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => sendError(error, request, reply));
}

/**
 * Errors the router raises before any route or hook runs (bad percent-encoding in the URL, …): same envelope,
 * no echo of the URL.
 */
export const frameworkErrors: FastifyServerOptions["frameworkErrors"] = (error, request, reply) =>
  sendError(error, request, reply.headers(BASELINE_SECURITY_HEADERS));

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  413: "Payload Too Large",
  431: "Request Header Fields Too Large",
};

/**
 * Errors of the HTTP connection itself (malformed request line, headers too large, timeouts): answered on the
 * socket in the same JSON envelope, then the connection is closed.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    err.code === "HPE_HEADER_OVERFLOW"
      ? 431
      : err.code === "ERR_HTTP_REQUEST_TIMEOUT" || err.code === "ERR_HTTP_HEADERS_TIMEOUT"
        ? 408
        : 400;
  const message =
    status === 431
      ? "Cabeçalhos grandes demais"
      : status === 408
        ? "Tempo esgotado esperando a requisição"
        : "Requisição HTTP malformada";
  const body = JSON.stringify(errorBody("BAD_REQUEST", message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `${Object.entries(BASELINE_SECURITY_HEADERS)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join("")}` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
