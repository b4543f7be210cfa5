import { ERROR_CODES, type ErrorCode, type ErrorDetail, SESSION_EXPIRED_MESSAGE } from "@vitrine/contracts";
import { clearTokens, getBearerToken } from "./auth-storage";

/**
 * A failed API call. Screens branch on `code` (the error envelope's machine-readable code), never on the status
 * or the text; `message` is the Portuguese text to show. `status` 0 (and no code) means the server could not be
 * reached.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly details: ErrorDetail[];
  readonly body: unknown;

  constructor(
    status: number,
    message: string,
    { code, details = [], body }: { code?: ErrorCode; details?: ErrorDetail[]; body?: unknown } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.details = details;
    this.body = body;
  }

  /** True when no answer arrived (offline, DNS, connection refused). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** True when the server understood the request and refused it: asking again gets the same answer. */
  get isRefusal(): boolean {
    return this.code !== undefined && !TRANSIENT_CODES.has(this.code);
  }
}

/** Failures of the server or of a provider, not of the request: a retry may succeed. */
const TRANSIENT_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(["INTERNAL_ERROR", "PROVIDER_UNAVAILABLE"]);

export const NETWORK_ERROR_MESSAGE = "Não foi possível conectar ao servidor. Verifique sua conexão.";

/** The server's `error` text if `err` is an ApiError with one, else `fallback` (the screen's own wording). */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && !err.isNetworkError && err.message ? err.message : fallback;
}

/** True when `err` is an ApiError carrying one of `codes`. */
export function hasErrorCode(err: unknown, ...codes: ErrorCode[]): boolean {
  return err instanceof ApiError && err.code !== undefined && codes.includes(err.code);
}

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A plain value is sent as JSON; FormData (uploads) is sent as multipart. */
  body?: unknown;
  /** Appended as a query string; null/undefined/"" values are skipped. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Not shown in the top progress bar (background refreshes, polling, search-as-you-type). */
  background?: boolean;
  /** Handle a 401 yourself instead of the global sign-out + redirect (logins, the start-up verify). */
  skipAuthRedirect?: boolean;
  /** Send this bearer instead of the stored one; null sends none. */
  token?: string | null;
  /** "blob": resolve with the raw body (a file download such as a CSV export) instead of parsed JSON. */
  responseType?: "json" | "blob";
  /**
   * Answer a 403 RECENT_PROOF_REQUIRED yourself instead of asking "Confirme que é você" and retrying (set on the
   * retry itself, so a request is repeated at most once).
   */
  skipRecentProof?: boolean;
};

type UnauthorizedHandler = () => void;

/** Default 401 handling without React: clear both tokens, go to the matching login page. */
let onUnauthorized: UnauthorizedHandler = () => {
  clearTokens();
  if (typeof window === "undefined") return;
  const { pathname } = window.location;
  const target = pathname.startsWith("/admin") ? "/admin/login" : "/login";
  if (pathname !== target) window.location.assign(target);
};

/** The app replaces the default handler so that the redirect is a router navigation (app/layout). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** Called when the server refuses adult content for want of an age pass (the age gate listens: app/layout). */
let onAgeVerificationRequired: () => void = () => {};

export function setAgeVerificationRequiredHandler(handler: () => void): void {
  onAgeVerificationRequired = handler;
}

/**
 * Asks her to prove it is her (password, a code or a passkey) for the account an API path belongs to; resolves true
 * once she did, false when she gave up. Set by the signed-in pages (features/auth), so that the dialog's code stays
 * out of the public pages; without it a 403 RECENT_PROOF_REQUIRED is an ordinary error.
 */
export type RecentProofHandler = (audience: "admin" | "model") => Promise<boolean>;
let onRecentProofRequired: RecentProofHandler | null = null;

export function setRecentProofHandler(handler: RecentProofHandler | null): void {
  onRecentProofRequired = handler;
}

/** The message of a sensitive change she did not confirm: nothing was changed. */
export const RECENT_PROOF_CANCELLED_MESSAGE = "Nada foi alterado: confirme que é você para continuar.";

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes("?") ? "&" : "?"}${qs}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("json")) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/**
 * The generic code of an answer that carries none of ours: a proxy's 502 page, or a server from before the
 * envelope had `code`. Only this function reads statuses; screens read codes.
 */
function codeForStatus(status: number, hasDetails: boolean): ErrorCode {
  switch (status) {
    case 400:
      return hasDetails ? "VALIDATION_ERROR" : "BAD_REQUEST";
    case 401:
      return "UNAUTHENTICATED";
    case 403:
      return "FORBIDDEN";
    case 404:
      return "NOT_FOUND";
    case 409:
      return "CONFLICT";
    case 413:
      return "PAYLOAD_TOO_LARGE";
    case 415:
      return "UNSUPPORTED_MEDIA_TYPE";
    case 429:
      return "RATE_LIMITED";
    default:
      return status >= 500 ? "INTERNAL_ERROR" : "BAD_REQUEST";
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const envelope = (body && typeof body === "object" ? body : {}) as {
    error?: unknown;
    code?: unknown;
    details?: unknown;
  };
  const details = Array.isArray(envelope.details)
    ? envelope.details
        .filter((d): d is ErrorDetail => !!d && typeof d === "object" && "message" in d)
        .map((d) => ({ path: String(d.path ?? ""), message: String(d.message) }))
    : [];
  const code =
    typeof envelope.code === "string" && KNOWN_CODES.has(envelope.code)
      ? (envelope.code as ErrorCode)
      : codeForStatus(status, details.length > 0);
  const fallback = code === "UNAUTHENTICATED" ? SESSION_EXPIRED_MESSAGE : `Erro ${status}`;
  const message = typeof envelope.error === "string" && envelope.error ? envelope.error : fallback;
  return new ApiError(status, message, { code, details, body });
}

/** What a server renderer answers for a GET of an API path (with its query string): the status and parsed body. */
export type ServerTransport = (url: string) => Promise<{ status: number; body: unknown }>;

let serverTransport: ServerTransport | null = null;

/**
 * On the server (page rendering), API reads go through this function instead of fetch: the same query functions
 * then run on the server and fill the cache the page is hydrated with.
 */
export function setServerTransport(transport: ServerTransport | null): void {
  serverTransport = transport;
}

/** Requests in flight that the top progress bar shows (all but `background` ones), as a tiny external store. */
let inFlight = 0;
const inFlightListeners = new Set<() => void>();

function countInFlight(delta: 1 | -1): void {
  inFlight += delta;
  for (const listener of inFlightListeners) listener();
}

export function subscribeRequestsInFlight(listener: () => void): () => void {
  inFlightListeners.add(listener);
  return () => inFlightListeners.delete(listener);
}

export function getRequestsInFlight(): number {
  return inFlight;
}

/** The headers every call carries: JSON accepted, and the bearer (the stored one unless `token` says otherwise). */
export function requestHeaders(options: RequestOptions): Headers {
  const headers = new Headers(options.headers);
  headers.set("Accept", "application/json");
  const token = options.token === undefined ? getBearerToken() : options.token;
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return headers;
}

/**
 * An answer that is not 2xx becomes an ApiError; a 401 signs out and redirects unless the caller handles it; a 403
 * AGE_VERIFICATION_REQUIRED (the age pass expired or is missing) brings the age gate back.
 */
export function refusal(status: number, body: unknown, options: RequestOptions): ApiError {
  const error = toApiError(status, body);
  if (error.code === "UNAUTHENTICATED" && !options.skipAuthRedirect) onUnauthorized();
  if (error.code === "AGE_VERIFICATION_REQUIRED") onAgeVerificationRequired();
  return error;
}

/**
 * The one way the web app talks to the API: same origin, credentials included, bearer token attached,
 * JSON in and out. Resolves with the parsed body; rejects with ApiError. A 403 RECENT_PROOF_REQUIRED asks her to
 * confirm it is her (setRecentProofHandler) and repeats the request once.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await sendRequest<T>(path, options);
  } catch (err) {
    // A sensitive change of her account without a recent proof: once she proves it is her, the request is repeated.
    const ask = onRecentProofRequired;
    if (!ask || options.skipRecentProof || !hasErrorCode(err, "RECENT_PROOF_REQUIRED")) throw err;
    if (!(await ask(path.startsWith("/api/admin/") ? "admin" : "model"))) {
      throw new ApiError(403, RECENT_PROOF_CANCELLED_MESSAGE, { code: "RECENT_PROOF_REQUIRED" });
    }
    return sendRequest<T>(path, { ...options, skipRecentProof: true });
  }
}

async function sendRequest<T>(path: string, options: RequestOptions): Promise<T> {
  const { method = "GET", body, query, signal } = options;
  if (serverTransport) {
    const answer = await serverTransport(buildUrl(path, query));
    if (answer.status >= 200 && answer.status < 300) return answer.body as T;
    throw toApiError(answer.status, answer.body);
  }
  const headers = requestHeaders(options);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set("Content-Type", "application/json");
    payload = JSON.stringify(body);
  }

  if (!options.background) countInFlight(1);
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, query), { method, headers, body: payload, credentials: "include", signal });
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new ApiError(0, NETWORK_ERROR_MESSAGE);
    }
    if (response.ok && options.responseType === "blob") return (await response.blob()) as T;
    const data = await readBody(response);
    if (!response.ok) throw refusal(response.status, data, options);
    return data as T;
  } finally {
    if (!options.background) countInFlight(-1);
  }
}

/** Bytes of an upload's body sent so far, and the body's size (apiUpload, in ./api-upload.ts, reports them). */
export type UploadProgress = { loaded: number; total: number };

type BodylessOptions = Omit<RequestOptions, "method" | "body">;

/**
 * Shorthands: api.get<PublicModelsResponse>(path, { query }), api.post<PhotoResponse>(path, body), … The type
 * parameter is always a response type from @vitrine/contracts, never one written here.
 */
export const api = {
  get: <T>(path: string, options?: BodylessOptions) => apiRequest<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: "POST", body }),
  put: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: "PUT", body }),
  patch: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: "PATCH", body }),
  /** A DELETE may carry a body (a confirmation such as her password). */
  delete: <T>(path: string, options?: BodylessOptions & { body?: unknown }) =>
    apiRequest<T>(path, { ...options, method: "DELETE" }),
};
