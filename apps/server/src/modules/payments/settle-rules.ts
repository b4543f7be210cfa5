import { type PaymentFlag, toCents } from "@vitrine/contracts";
import type { MpPayment } from "../../lib/mercadopago";

/**
 * The settlement rules, as pure functions of our record and Mercado Pago's snapshot of a payment: what a provider
 * status means for the record, the order statuses move in, and what one snapshot does to the record. settle.ts
 * reads and writes; everything it decides is decided here.
 */

export type Target = { status: "pending" | "paid" | "failed" | "refunded"; flag?: PaymentFlag };

/**
 * Mercado Pago's payment status as our record's status: approved → paid; pending, in_process, authorized and
 * in_mediation → pending; rejected and cancelled → failed; refunded and charged_back → refunded, flagged. Any
 * other value changes nothing (it is only recorded as the provider's status).
 */
export function mapProviderStatus(status: string): Target | null {
  switch (status) {
    case "approved":
      return { status: "paid" };
    case "pending":
    case "in_process":
    case "authorized":
    case "in_mediation":
      return { status: "pending" };
    case "rejected":
    case "cancelled":
      return { status: "failed" };
    case "refunded":
      return { status: "refunded", flag: "refunded" };
    case "charged_back":
      return { status: "refunded", flag: "charged_back" };
    default:
      return null;
  }
}

/**
 * Statuses only move forward: pending < failed = cancelled < paid < refunded. A snapshot ranking below the
 * record is older news (notifications arrive out of order, two reads race) and is ignored; failed or cancelled
 * may still become paid (a late Pix, a second checkout attempt that went through).
 */
export function statusRank(status: string): number {
  switch (status) {
    case "pending":
      return 0;
    case "failed":
    case "cancelled":
      return 1;
    case "paid":
      return 2;
    case "refunded":
      return 3;
    default:
      return 0;
  }
}

export type RecordState = { status: string; paymentId: string | null; amountCents: number; flag?: string | null };

/** What one snapshot of a provider payment does to our record. */
export type Decision = {
  /** The record's new status, when it moves. */
  moveTo: Target["status"] | null;
  /** A flag for the admin. */
  flag: PaymentFlag | null;
  /** The snapshot's payment becomes the record's payment_id. */
  adopt: boolean;
  /** The snapshot's status is recorded as the record's provider_status (only for the record's own payment). */
  recordStatus: boolean;
  /** Why nothing moved, for the log. */
  note?: "unknown_status" | "other_payment" | "duplicate" | "amount_mismatch" | "stale" | "same";
};

/**
 * The rules, as a pure function of the record and the snapshot: a payment other than the record's own only
 * matters when it is approved (it becomes the record's if the record is not paid yet, else it is a duplicate
 * charge: flagged, not applied); an approved payment whose amount or currency differs from the record's is
 * flagged and not applied; a status ranking below the record's is ignored; the same rank changes nothing.
 */
export function decide(record: RecordState, snapshot: MpPayment): Decision {
  const decision = decideStatus(record, snapshot);
  // A flag the record already carries is not raised again (a repeated notification changes nothing).
  return decision.flag && decision.flag === record.flag ? { ...decision, flag: null } : decision;
}

function decideStatus(record: RecordState, snapshot: MpPayment): Decision {
  const own = record.paymentId === null || record.paymentId === snapshot.id;
  const none: Decision = { moveTo: null, flag: null, adopt: false, recordStatus: own };
  const target = mapProviderStatus(snapshot.status);
  if (!target) return { ...none, note: "unknown_status" };
  const current = statusRank(record.status);
  if (!own) {
    if (target.status !== "paid") return { ...none, note: "other_payment" };
    if (current >= statusRank("paid")) return { ...none, flag: "duplicate", note: "duplicate" };
  }
  if (target.status === "paid" && !amountMatches(record, snapshot)) {
    return { ...none, flag: "amount_mismatch", adopt: record.paymentId === null, note: "amount_mismatch" };
  }
  const next = statusRank(target.status);
  if (next < current) return { ...none, recordStatus: false, note: "stale" };
  if (next === current) return { ...none, adopt: record.paymentId === null, note: "same" };
  return {
    moveTo: target.status,
    flag: target.flag ?? null,
    adopt: record.paymentId !== snapshot.id,
    recordStatus: true,
  };
}

/** The provider charged exactly the record's amount, in reais. */
function amountMatches(record: RecordState, snapshot: MpPayment): boolean {
  return (
    Number.isFinite(snapshot.transaction_amount) &&
    toCents(snapshot.transaction_amount) === record.amountCents &&
    (snapshot.currency_id ?? "").toUpperCase() === "BRL"
  );
}

/** A payment another record already holds: flagged as a duplicate on this one, nothing else. */
export function takenElsewhere(record: RecordState): Decision {
  const flag = record.flag === "duplicate" ? null : ("duplicate" as const);
  return { moveTo: null, flag, adopt: false, recordStatus: false, note: "duplicate" };
}

/** Whether a decision changes the record (its status, its provider payment id or its flag). */
export function decisionChanges(d: Decision): boolean {
  return Boolean(d.moveTo || d.flag || d.adopt);
}
