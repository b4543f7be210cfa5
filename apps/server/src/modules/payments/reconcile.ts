import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { modelPayments, orders } from "../../db/schema";
import { type MercadoPagoClient, type MpPayment, ProviderError } from "../../lib/mercadopago";
import { clientFor, externalReference, loadProviderSettings, type ProviderSettings, type RecordRef } from "./provider";
import { type SettleOutcome, settlePaymentSnapshot, settleProviderPayment } from "./settle";

/**
 * Reconciliation: Mercado Pago's test payments send no webhook and real notifications can be lost, so pending
 * records are re-read at Mercado Pago and settled through the same code as a webhook.
 */

/** Records created longer ago than this are no longer re-read (the job expires them). */
export const RECONCILE_WINDOW_MS = 24 * 3_600_000;
/** A record compared with Mercado Pago this recently (webhook, return page or a previous run) is skipped. */
export const RECONCILE_RECHECK_MS = 5 * 60_000;
/** At most this many records of each kind per run; the oldest checks go first, the rest wait for the next run. */
export const RECONCILE_BATCH = 50;

/** The methods whose records Mercado Pago holds (PIX Manual and cash never reach it). */
const PROVIDER_METHODS = ["mercadopago", "mercadopago_pix"];

const tableOf = (kind: RecordRef["kind"]) => (kind === "model_payment" ? modelPayments : orders);

/** Numeric ids compared as numbers, without losing digits: Mercado Pago's ids grow with time. */
function olderFirst(a: MpPayment, b: MpPayment): number {
  return a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Re-reads one of our records at Mercado Pago and settles what it finds. A record with a provider payment id is
 * settled from that payment; one without (a Checkout Pro preference nobody has paid yet), or one still not paid
 * that has a preference (a buyer may have tried again), is searched by its external_reference and every payment
 * found is settled, oldest first, so the newest has the last word. The record's provider_checked_at is set even
 * when nothing is found. Without an access token nothing is read. A ProviderError propagates.
 */
export async function reconcileRecord(input: {
  app: FastifyInstance;
  ref: RecordRef;
  provider?: ProviderSettings;
  client?: MercadoPagoClient | null;
  now?: Date;
}): Promise<SettleOutcome> {
  const { app, ref } = input;
  const provider = input.provider ?? (await loadProviderSettings(app.db));
  const client = input.client === undefined ? clientFor(app, provider) : input.client;
  const table = tableOf(ref.kind);
  const read = async () => {
    const [row] = await app.db
      .select({ status: table.status, paymentId: table.paymentId, preferenceId: table.preferenceId })
      .from(table)
      .where(eq(table.id, ref.id));
    return row;
  };
  const record = await read();
  if (!record) return { ref: null, status: null, changed: false, flag: null };
  if (!client) return { ref, status: record.status, changed: false, flag: null };

  let changed = false;
  let flag: SettleOutcome["flag"] = null;
  const take = (outcome: SettleOutcome) => {
    changed ||= outcome.changed;
    flag = outcome.flag ?? flag;
  };
  let known = false;
  if (record.paymentId) {
    const outcome = await settleProviderPayment({
      app,
      client,
      provider,
      providerPaymentId: record.paymentId,
      now: input.now,
    });
    take(outcome);
    known = outcome.ref !== null;
  }
  const now = input.now ?? new Date();
  const settled = (await read())?.status ?? record.status;
  if (!known || (record.preferenceId && !["paid", "refunded"].includes(settled))) {
    const found = await client.searchPayments(externalReference(ref));
    for (const snapshot of [...found].sort(olderFirst)) {
      take(await settlePaymentSnapshot({ app, provider, snapshot, now }));
    }
  }
  await app.db.update(table).set({ providerCheckedAt: now }).where(eq(table.id, ref.id));
  return { ref, status: (await read())?.status ?? null, changed, flag };
}

export type ReconcileCounts = {
  /** Records re-read at Mercado Pago. */
  checked: number;
  /** Records whose status, payment id or flag changed. */
  changed: number;
  /** Records that could not be read (Mercado Pago failing): the run stops at the first, the next run retries. */
  failed: number;
  /** When a record could not be read: Mercado Pago's failure (its message says what went wrong). */
  error?: ProviderError;
  /** True when no access token is configured: nothing was read. */
  skipped: boolean;
};

/**
 * Re-reads the pending (or expired and cancelled) model payments and orders that Mercado Pago holds (a provider payment id or a
 * preference), created within the last 24 hours and not compared with Mercado Pago in the last 5 minutes, and
 * settles them through the same code as the webhooks. For the jobs; `now` is the jobs' clock.
 */
export async function reconcilePending({ app, now }: { app: FastifyInstance; now: Date }): Promise<ReconcileCounts> {
  const counts: ReconcileCounts = { checked: 0, changed: 0, failed: 0, skipped: false };
  const provider = await loadProviderSettings(app.db);
  const client = clientFor(app, provider);
  if (!client) return { ...counts, skipped: true };
  const since = new Date(now.getTime() - RECONCILE_WINDOW_MS);
  const checkedBefore = new Date(now.getTime() - RECONCILE_RECHECK_MS);
  const refs: RecordRef[] = [];
  for (const kind of ["model_payment", "order"] as const) {
    const table = tableOf(kind);
    const rows = await app.db
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          // Cancelled too: a charge the jobs cancelled at its deadline may still have been paid in its last
          // seconds, and a lost webhook must not lose that payment.
          inArray(table.status, ["pending", "cancelled"]),
          inArray(table.method, PROVIDER_METHODS),
          or(isNotNull(table.paymentId), isNotNull(table.preferenceId)),
          gte(table.createdAt, since),
          or(isNull(table.providerCheckedAt), lt(table.providerCheckedAt, checkedBefore)),
        ),
      )
      .orderBy(sql`${table.providerCheckedAt} asc nulls first`, asc(table.id))
      .limit(RECONCILE_BATCH);
    refs.push(...rows.map((r) => ({ kind, id: r.id })));
  }
  for (const ref of refs) {
    try {
      const outcome = await reconcileRecord({ app, ref, provider, client, now });
      counts.checked += 1;
      if (outcome.changed) counts.changed += 1;
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      counts.failed += 1;
      counts.error = err;
      app.log.warn({ err, record: `${ref.kind}:${ref.id}` }, "reconciliação: Mercado Pago indisponível");
      break;
    }
  }
  return counts;
}
