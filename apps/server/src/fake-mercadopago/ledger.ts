import { randomUUID } from "node:crypto";
import { signWebhook } from "../lib/webhook-signature";
import { mpNow } from "./http";
import type { FakePayment, FakePreference, FakeRefund } from "./types";

/**
 * The fake Mercado Pago's state: its preferences and payments, the changes a buyer (or a test) makes to them, and
 * the signed webhook each change sends to the payment's notification_url, as Mercado Pago would.
 */
export type FakeLedger = ReturnType<typeof createLedger>;

export function createLedger(webhookSecret: string) {
  const preferences = new Map<string, FakePreference>();
  const payments = new Map<number, FakePayment>();
  let nextPaymentId = 1_000_000_001;
  let nextPreference = 1;
  let nextRefund = 2_000_000_001;
  /** Every refund made through the API (POST /v1/payments/{id}/refunds), in order. */
  const refunds: FakeRefund[] = [];

  function newPayment(input: Partial<FakePayment> & { transaction_amount: number }): FakePayment {
    const now = mpNow();
    const payment: FakePayment = {
      id: nextPaymentId++,
      status: "pending",
      status_detail: "pending_waiting_payment",
      external_reference: null,
      currency_id: "BRL",
      description: "",
      payment_method_id: "pix",
      payment_type_id: "bank_transfer",
      date_created: now,
      date_approved: null,
      date_last_updated: now,
      date_of_expiration: null,
      notification_url: null,
      preference_id: null,
      ...input,
    };
    if (payment.status === "approved") payment.date_approved = now;
    payments.set(payment.id, payment);
    return payment;
  }

  function setStatus(id: number, status: string, statusDetail?: string): FakePayment {
    const payment = payments.get(id);
    if (!payment) throw new Error(`pagamento ${id} desconhecido`);
    payment.status = status;
    payment.status_detail = statusDetail ?? status;
    payment.date_last_updated = mpNow();
    if (status === "approved" && !payment.date_approved) payment.date_approved = payment.date_last_updated;
    return payment;
  }

  function preferenceTotal(pref: FakePreference): number {
    const cents = pref.body.items.reduce((sum, i) => sum + Math.round(i.unit_price * 100) * (i.quantity || 1), 0);
    return cents / 100;
  }

  function payPreference(preferenceId: string, status: "approved" | "rejected"): FakePayment {
    const pref = preferences.get(preferenceId);
    if (!pref) throw new Error(`preferência ${preferenceId} desconhecida`);
    const onlyPix = (pref.body.payment_methods?.excluded_payment_types ?? []).some((t) => t.id === "credit_card");
    return newPayment({
      status,
      status_detail: status === "approved" ? "accredited" : "cc_rejected_other_reason",
      external_reference: pref.body.external_reference ?? null,
      transaction_amount: preferenceTotal(pref),
      description: pref.body.items[0]?.title ?? "",
      payment_method_id: onlyPix ? "pix" : "master",
      payment_type_id: onlyPix ? "bank_transfer" : "credit_card",
      notification_url: pref.body.notification_url ?? null,
      preference_id: pref.id,
    });
  }

  async function notify(id: number, opts: { url?: string; secret?: string; requestId?: string } = {}) {
    const payment = payments.get(id);
    if (!payment) throw new Error(`pagamento ${id} desconhecido`);
    const target = opts.url ?? payment.notification_url;
    if (!target) throw new Error(`pagamento ${id} sem notification_url`);
    const url = new URL(target);
    url.searchParams.set("data.id", String(id));
    url.searchParams.set("type", "payment");
    const requestId = opts.requestId ?? randomUUID();
    const ts = String(Math.floor(Date.now() / 1000));
    const signature = signWebhook({ secret: opts.secret ?? webhookSecret, dataId: String(id), requestId, ts });
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": signature, "x-request-id": requestId },
      body: JSON.stringify({
        id: Math.floor(Math.random() * 1e12),
        live_mode: false,
        type: "payment",
        date_created: mpNow(),
        user_id: 123456789,
        api_version: "v1",
        action: "payment.updated",
        data: { id: String(id) },
      }),
      signal: AbortSignal.timeout(25_000),
    });
    await response.arrayBuffer();
    return response.status;
  }

  /** Notifies and swallows a failure (the simulator page must still answer when the site is down). */
  async function notifyQuietly(id: number) {
    try {
      return await notify(id);
    } catch {
      return 0;
    }
  }

  function paymentsOf(preferenceId: string): FakePayment[] {
    return [...payments.values()].filter((p) => p.preference_id === preferenceId);
  }

  function refund(id: number): FakePayment {
    return setStatus(id, "refunded", "refunded");
  }

  /** The id Mercado Pago would give the next refund. */
  const nextRefundId = () => nextRefund++;

  /** The id Mercado Pago would give the next Checkout Pro preference. */
  function nextPreferenceId(): string {
    return `123456789-${String(nextPreference++).padStart(8, "0")}-fake`;
  }

  return {
    preferences,
    payments,
    newPayment,
    setStatus,
    preferenceTotal,
    payPreference,
    paymentsOf,
    refund,
    refunds,
    nextRefundId,
    nextPreferenceId,
    notify,
    notifyQuietly,
  };
}
