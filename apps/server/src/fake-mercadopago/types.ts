/** What the fake Mercado Pago (fake-mercadopago.ts) keeps and answers, in Mercado Pago's own field names. */

export type FakePayment = {
  id: number;
  status: string;
  status_detail: string;
  external_reference: string | null;
  transaction_amount: number;
  currency_id: string;
  description: string;
  payment_method_id: string;
  payment_type_id: string;
  date_created: string;
  date_approved: string | null;
  date_last_updated: string;
  date_of_expiration: string | null;
  notification_url: string | null;
  preference_id: string | null;
  point_of_interaction?: {
    transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string };
  };
};

/** A refund made through the API, as Mercado Pago answers it. */
export type FakeRefund = { id: number; payment_id: number; amount: number; status: string; date_created: string };

export type FakePreference = {
  id: string;
  init_point: string;
  body: {
    items: Array<{ id?: string; title: string; quantity: number; unit_price: number; currency_id?: string }>;
    back_urls?: { success?: string; pending?: string; failure?: string };
    auto_return?: string;
    notification_url?: string;
    external_reference?: string;
    binary_mode?: boolean;
    payment_methods?: { excluded_payment_types?: Array<{ id: string }> };
    payer?: { name?: string; email?: string };
    [key: string]: unknown;
  };
};

export type RecordedCall = {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
};

/** What the next matching calls do instead of answering: a 500, or no answer at all until the caller gives up. */
export type FakeFailure = { mode: "error500" | "timeout"; times: number; match?: RegExp };

export type FakeMercadoPago = {
  /** Base URL of the API (give it to the server as MERCADOPAGO_API_URL). */
  url: string;
  webhookSecret: string;
  preferences: Map<string, FakePreference>;
  payments: Map<number, FakePayment>;
  calls: RecordedCall[];
  /** Makes the next `times` calls whose "METHOD /path" matches fail (all calls when no match is given). */
  fail(failure: FakeFailure): void;
  /** A payment as if a buyer had paid (or tried to pay) for one of our records. */
  createPayment(input: {
    external_reference: string;
    amount: number;
    status?: string;
    currency_id?: string;
    notification_url?: string | null;
    preference_id?: string | null;
  }): FakePayment;
  setStatus(id: number, status: string, statusDetail?: string): FakePayment;
  /** A buyer completing a Checkout Pro preference: a new payment for its total, with the given status. */
  payPreference(preferenceId: string, status: "approved" | "rejected"): FakePayment;
  /** Refunds a payment (status refunded). */
  refund(id: number): FakePayment;
  /** The refunds the server asked for through the API (POST /v1/payments/{id}/refunds), in order. */
  refunds: FakeRefund[];
  /**
   * Sends the webhook Mercado Pago would send for the payment to its notification_url (or `url`), signed with the
   * secret (or `secret`); answers the HTTP status the server gave.
   */
  notify(id: number, options?: { url?: string; secret?: string; requestId?: string }): Promise<number>;
  close(): Promise<void>;
};
