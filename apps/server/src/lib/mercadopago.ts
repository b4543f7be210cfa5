import { z } from "zod";

/**
 * Our own small client of Mercado Pago's REST API (the official SDK hard-codes its base URL and reuses one
 * idempotency key across calls). Every call has a timeout; every create carries an `X-Idempotency-Key` the caller
 * derives from its own record, so retrying after a timeout replays the first answer instead of charging twice.
 */

export const MERCADOPAGO_DEFAULT_API_URL = "https://api.mercadopago.com";

/** The provider failed, was too slow, refused our credentials or answered something we cannot read. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly reason: "timeout" | "network" | "http" | "invalid_response",
    readonly status?: number,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

const TransactionDataSchema = z
  .object({
    qr_code: z.string().nullish(),
    qr_code_base64: z.string().nullish(),
    ticket_url: z.string().nullish(),
  })
  .partial();

/** The fields of a payment we act on (GET /v1/payments/{id}); the rest of Mercado Pago's answer is ignored. */
export const MpPaymentSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  status: z.string(),
  status_detail: z.string().nullish(),
  external_reference: z.string().nullish(),
  transaction_amount: z.number(),
  currency_id: z.string().nullish(),
  date_approved: z.string().nullish(),
  date_last_updated: z.string().nullish(),
  date_of_expiration: z.string().nullish(),
  payment_method_id: z.string().nullish(),
  payment_type_id: z.string().nullish(),
  point_of_interaction: z.object({ transaction_data: TransactionDataSchema.nullish() }).partial().nullish(),
});
export type MpPayment = z.infer<typeof MpPaymentSchema>;

const PreferenceAnswerSchema = z.object({
  id: z.string(),
  init_point: z.string(),
  sandbox_init_point: z.string().nullish(),
});
export type MpPreference = z.infer<typeof PreferenceAnswerSchema>;

const SearchAnswerSchema = z.object({ results: z.array(MpPaymentSchema) });

/** POST /v1/payments/{id}/refunds: the refund Mercado Pago made (the payment itself becomes "refunded"). */
const RefundAnswerSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  payment_id: z.union([z.number(), z.string()]).transform(String).nullish(),
  amount: z.number().nullish(),
  status: z.string().nullish(),
});
export type MpRefund = z.infer<typeof RefundAnswerSchema>;

export type MpItem = { id: string; title: string; quantity: number; unit_price: number; currency_id: "BRL" };

/** POST /checkout/preferences (Checkout Pro). Amounts in reais. */
export type PreferenceInput = {
  items: MpItem[];
  payer?: { name?: string; email?: string };
  back_urls: { success: string; pending?: string; failure: string };
  auto_return?: "approved" | "all";
  notification_url: string;
  external_reference: string;
  binary_mode: boolean;
  /** Payment types left out: credit_card, debit_card, ticket (boleto), bank_transfer (Pix), account_money. */
  payment_methods?: { excluded_payment_types?: Array<{ id: string }>; installments?: number };
  expires?: boolean;
  expiration_date_to?: string;
  date_of_expiration?: string;
  statement_descriptor?: string;
};

/** POST /v1/payments with payment_method_id "pix". Amount in reais. */
export type PixPaymentInput = {
  transaction_amount: number;
  description: string;
  payment_method_id: "pix";
  payer: { email: string; first_name?: string };
  external_reference: string;
  notification_url: string;
  date_of_expiration: string;
};

export interface MercadoPagoClient {
  createPreference(input: PreferenceInput, idempotencyKey: string): Promise<MpPreference>;
  createPixPayment(input: PixPaymentInput, idempotencyKey: string): Promise<MpPayment>;
  /** The payment as Mercado Pago sees it now; null when it does not know the id. */
  getPayment(id: string): Promise<MpPayment | null>;
  /** Payments made for one of our records (a Checkout Pro preference may collect several attempts). */
  searchPayments(externalReference: string): Promise<MpPayment[]>;
  /** Refunds a payment in full (POST /v1/payments/{id}/refunds, no body); the same key replays the first refund. */
  refundPayment(id: string, idempotencyKey: string): Promise<MpRefund>;
}

export type MercadoPagoClientOptions = {
  baseUrl: string;
  accessToken: string;
  timeoutMs: number;
  fetch?: typeof fetch;
};

/** Mercado Pago's date format: ISO 8601 with milliseconds and a numeric offset ("2026-11-22T10:00:00.000-03:00"). */
export function mpDate(instant: Date): string {
  const shifted = new Date(instant.getTime() - 3 * 3_600_000);
  return `${shifted.toISOString().slice(0, 23)}-03:00`;
}

export function createMercadoPagoClient(options: MercadoPagoClientOptions): MercadoPagoClient {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, "");

  async function call<T>(
    method: "GET" | "POST",
    path: string,
    schema: z.ZodType<T>,
    init: { body?: unknown; idempotencyKey?: string; allow404?: boolean } = {},
  ): Promise<T | null> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.accessToken}`,
      accept: "application/json",
    };
    if (init.body !== undefined) headers["content-type"] = "application/json";
    if (init.idempotencyKey) headers["x-idempotency-key"] = init.idempotencyKey;
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      throw new ProviderError(
        timedOut ? `Mercado Pago não respondeu em ${options.timeoutMs} ms` : "Mercado Pago inacessível",
        timedOut ? "timeout" : "network",
      );
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new ProviderError("Resposta do Mercado Pago interrompida", "network", response.status);
    }
    if (response.status === 404 && init.allow404) return null;
    if (!response.ok) {
      throw new ProviderError(
        `Mercado Pago respondeu ${response.status}: ${text.slice(0, 300)}`,
        "http",
        response.status,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ProviderError("Resposta do Mercado Pago ilegível", "invalid_response", response.status);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ProviderError("Resposta do Mercado Pago fora do formato esperado", "invalid_response", response.status);
    }
    return parsed.data;
  }

  return {
    async createPreference(input, idempotencyKey) {
      return (await call("POST", "/checkout/preferences", PreferenceAnswerSchema, { body: input, idempotencyKey }))!;
    },
    async createPixPayment(input, idempotencyKey) {
      return (await call("POST", "/v1/payments", MpPaymentSchema, { body: input, idempotencyKey }))!;
    },
    async getPayment(id) {
      if (!/^\d{1,20}$/.test(id)) return null;
      return call("GET", `/v1/payments/${id}`, MpPaymentSchema, { allow404: true });
    },
    async searchPayments(externalReference) {
      const query = new URLSearchParams({
        external_reference: externalReference,
        sort: "date_created",
        criteria: "desc",
      });
      const answer = await call("GET", `/v1/payments/search?${query}`, SearchAnswerSchema);
      return answer!.results;
    },
    async refundPayment(id, idempotencyKey) {
      if (!/^\d{1,20}$/.test(id)) throw new ProviderError("Pagamento do Mercado Pago inválido", "invalid_response");
      return (await call("POST", `/v1/payments/${id}/refunds`, RefundAnswerSchema, { body: {}, idempotencyKey }))!;
    },
  };
}
