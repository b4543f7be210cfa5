import type { AdminBoost, BoostProduct, OwnBoost, UpdateBoostProductBody } from "@vitrine/contracts";
import { asc, desc, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import {
  type BoostProductRow,
  type BoostRow,
  boostProducts,
  boosts,
  modelPayments,
  models,
  municipios,
} from "../../db/schema";
import { AppError, conflict, notFound } from "../../lib/app-error";
import { ProviderError } from "../../lib/mercadopago";
import { auditAdminChange } from "../audit/service";
import { notifyModel } from "../mail/service";
import { clientFor, loadProviderSettings } from "../payments/service";
import { boostApprovedMessage, boostRejectedMessage } from "./messages";
import { boostPhase, endAfter, publicStateOf, startAfterApproval } from "./rules";
import { adSnapshot } from "./snapshot";
import { recordModelChange } from "../models/publish";

/**
 * Boosts: what she may buy and what she bought, the admin's review queue (approve the ad as it stands, or reject
 * with a reason and a refund through Mercado Pago) and the admin's products (price in exact cents, days, on sale).
 */

/** Where boosts place cards on a city page (the public listing calls it) and the clock's news for the jobs. */
export { boostedPlaces, FEATURED_SLOT_MS, featuredPlaces, featuredSlot, liveBoosts, placeBoosts } from "./placement";
export { syncBoostPublicState, touchRotatingCities } from "./public-state";

export const BOOST_NOT_FOUND = "Impulsionamento não encontrado";
export const BOOST_NOT_WAITING = "Este impulsionamento não está aguardando análise.";
export const BOOST_AD_CHANGED = "O anúncio mudou desde que você o abriu. Recarregue a fila e revise de novo.";
export const BOOST_ALREADY_ENDED = "Este impulsionamento já terminou: não há o que aprovar.";
export const BOOST_REFUND_FAILED =
  "Não foi possível estornar pelo Mercado Pago agora. Nada foi alterado; tente de novo em instantes.";
export const BOOST_PRODUCT_MISSING = "Produto de impulsionamento não encontrado";

const presentProduct = (p: BoostProductRow): BoostProduct => ({
  id: p.id,
  kind: p.kind,
  name: p.name,
  days: p.days,
  price_cents: p.priceCents,
  active: p.active,
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** GET /api/models/boosts: the products on sale and her boosts, newest first, each with where it stands. */
export async function listOwnBoosts({ db, modelId, now = new Date() }: { db: Db; modelId: number; now?: Date }) {
  const products = await db
    .select()
    .from(boostProducts)
    .where(eq(boostProducts.active, true))
    .orderBy(asc(boostProducts.sortOrder), asc(boostProducts.id));
  const rows = await db
    .select({
      boost: boosts,
      paymentStatus: modelPayments.status,
      method: modelPayments.method,
      paidAt: modelPayments.paidAt,
    })
    .from(boosts)
    .innerJoin(modelPayments, eq(modelPayments.id, boosts.paymentId))
    .where(eq(boosts.modelId, modelId))
    .orderBy(desc(boosts.createdAt), desc(boosts.id));
  return {
    products: products.map(presentProduct),
    boosts: rows.map((row): OwnBoost => presentOwn(row, now)),
  };
}

function presentOwn(
  {
    boost: b,
    paymentStatus,
    method,
    paidAt,
  }: { boost: BoostRow; paymentStatus: string; method: string; paidAt: Date | null },
  now: Date,
): OwnBoost {
  return {
    id: b.id,
    kind: b.kind,
    name: b.name,
    days: b.days,
    amount_cents: b.amountCents,
    phase: boostPhase(b, paymentStatus, now),
    bump_hour: b.bumpHour,
    payment_id: b.paymentId,
    payment_method: method,
    paid_at: iso(paidAt),
    starts_at: iso(b.startsAt),
    ends_at: iso(b.endsAt),
    reject_reason: b.rejectReason,
    created_at: b.createdAt.toISOString(),
  };
}

async function presentAdmin(db: Db, ids: number[], now: Date): Promise<AdminBoost[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      boost: boosts,
      paymentStatus: modelPayments.status,
      modelName: models.name,
      username: models.username,
      city: municipios.nome,
    })
    .from(boosts)
    .innerJoin(modelPayments, eq(modelPayments.id, boosts.paymentId))
    .innerJoin(models, eq(models.id, boosts.modelId))
    .innerJoin(municipios, eq(municipios.id, boosts.cityId))
    .where(inArray(boosts.id, ids));
  const byId = new Map(rows.map((r) => [r.boost.id, r]));
  const out: AdminBoost[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) continue;
    const { boost: b } = row;
    const snapshot = await adSnapshot(db, b.modelId);
    const phase = boostPhase(b, row.paymentStatus, now);
    const waiting = phase === "awaiting_review" || phase === "paused";
    out.push({
      id: b.id,
      model_id: b.modelId,
      model_name: row.modelName,
      username: row.username,
      city: row.city,
      kind: b.kind,
      name: b.name,
      days: b.days,
      amount_cents: b.amountCents,
      phase,
      bump_hour: b.bumpHour,
      submitted_at: iso(b.submittedAt),
      waiting_minutes:
        waiting && b.submittedAt ? Math.max(0, Math.floor((now.getTime() - b.submittedAt.getTime()) / 60_000)) : null,
      starts_at: iso(b.startsAt),
      ends_at: iso(b.endsAt),
      reject_reason: b.rejectReason,
      snapshot_hash: snapshot?.hash ?? "",
      ad: snapshot?.ad ?? { name: "", description: "", services: "", rates: "", photos: [] },
    });
  }
  return out;
}

/**
 * GET /api/admin/boosts: the review queue — paid boosts waiting, and paused ones whose time is not over — oldest
 * first (its waiting time); or every boost, newest first (the last 200).
 */
export async function listAdminBoosts({ db, view, now = new Date() }: { db: Db; view: "queue" | "all"; now?: Date }) {
  const rows =
    view === "queue"
      ? await db
          .select({ id: boosts.id, pausedAt: boosts.pausedAt, endsAt: boosts.endsAt })
          .from(boosts)
          .where(eq(boosts.status, "awaiting_review"))
          .orderBy(asc(boosts.submittedAt), asc(boosts.id))
      : await db
          .select({ id: boosts.id, pausedAt: boosts.pausedAt, endsAt: boosts.endsAt })
          .from(boosts)
          .orderBy(desc(boosts.createdAt), desc(boosts.id))
          .limit(200);
  const ids = rows
    .filter((r) => view === "all" || r.pausedAt === null || (r.endsAt !== null && r.endsAt > now))
    .map((r) => r.id);
  return presentAdmin(db, ids, now);
}

export async function readAdminBoost(db: Db, id: number, now = new Date()): Promise<AdminBoost> {
  const [boost] = await presentAdmin(db, [id], now);
  if (!boost) throw notFound(BOOST_NOT_FOUND);
  return boost;
}

async function peekBoost(db: Db, id: number): Promise<BoostRow> {
  const [row] = await db.select().from(boosts).where(eq(boosts.id, id));
  if (!row) throw notFound(BOOST_NOT_FOUND);
  return row;
}

/**
 * Locks, in the order every boost change follows — her model row, the boost's payment, the boost — and answers
 * the boost as it is now.
 */
async function lockBoost(tx: Db, boost: BoostRow): Promise<BoostRow> {
  await tx.select({ id: models.id }).from(models).where(eq(models.id, boost.modelId)).for("update");
  await tx
    .select({ id: modelPayments.id })
    .from(modelPayments)
    .where(eq(modelPayments.id, boost.paymentId))
    .for("update");
  const [row] = await tx.select().from(boosts).where(eq(boosts.id, boost.id)).for("update");
  if (!row) throw notFound(BOOST_NOT_FOUND);
  return row;
}

/**
 * POST /api/admin/boosts/{id}/approve: the admin approves her ad as it stands — the digest she was shown must be
 * the ad's digest now (her model row locked, so no edit slips in between), else 409. The first approval starts the
 * clock (startAfterApproval, endAfter); approving a paused boost resumes it with its end unchanged. One audit row;
 * she is told by e-mail.
 */
export async function approveBoost(input: { db: Db; adminId: number; id: number; snapshotHash: string; now?: Date }) {
  const { db, adminId, id } = input;
  const now = input.now ?? new Date();
  const peeked = await peekBoost(db, id);
  await db.transaction(async (tx) => {
    const boost = await lockBoost(tx, peeked);
    if (boost.status !== "awaiting_review") throw conflict(BOOST_NOT_WAITING);
    if (boost.endsAt !== null && boost.endsAt <= now) throw conflict(BOOST_ALREADY_ENDED);
    const snapshot = await adSnapshot(tx, boost.modelId);
    if (!snapshot || snapshot.hash !== input.snapshotHash) throw conflict(BOOST_AD_CHANGED);
    const startsAt = boost.startsAt ?? startAfterApproval(boost, now);
    const endsAt = boost.endsAt ?? endAfter(startsAt, boost.days);
    const approved = { ...boost, status: "approved" as const, startsAt, endsAt, pausedAt: null };
    await tx
      .update(boosts)
      .set({
        status: "approved",
        startsAt,
        endsAt,
        pausedAt: null,
        reviewHash: snapshot.hash,
        reviewedAt: now,
        reviewedBy: adminId,
        reviews: boost.reviews + 1,
        publicState: publicStateOf(approved, now),
        updatedAt: now,
      })
      .where(eq(boosts.id, boost.id));
    await auditAdminChange(tx, adminId, "boost.approve", ["boost", boost.id], {
      model_id: boost.modelId,
      review_hash: snapshot.hash,
      resumed: boost.pausedAt !== null,
      starts_at: startsAt.toISOString(),
      ends_at: endsAt.toISOString(),
    });
    await notifyModel(tx, {
      modelId: boost.modelId,
      kind: "payment",
      content: (origin) => boostApprovedMessage(boost.name, `${origin}/dashboard/impulsionar`),
    });
    // Open city pages move her card to its place (model_status_updated), last in the transaction.
    await recordModelChange(tx, boost.modelId);
  });
  return readAdminBoost(db, id, now);
}

/**
 * POST /api/admin/boosts/{id}/reject: the admin refuses the ad for a boost waiting for review; she gets her money
 * back. The refund is asked of Mercado Pago first (its key derived from the boost, so a retry refunds once) and
 * nothing is written when it fails (503); then, in one transaction, the boost is rejected with the reason, its
 * payment recorded as refunded, one audit row, and her e-mail. Mercado Pago's own notification of the refund then
 * changes nothing (the payment is already refunded; apply.ts keeps a rejected boost rejected).
 */
export async function rejectBoost(input: {
  app: FastifyInstance;
  adminId: number;
  id: number;
  reason: string;
  now?: Date;
}) {
  const { app, adminId, id, reason } = input;
  const db = app.db;
  const now = input.now ?? new Date();
  const peeked = await peekBoost(db, id);
  if (peeked.status !== "awaiting_review") throw conflict(BOOST_NOT_WAITING);
  const [payment] = await db.select().from(modelPayments).where(eq(modelPayments.id, peeked.paymentId));
  let refundId: string | null = null;
  if (payment?.paymentId && payment.status === "paid") {
    const provider = await loadProviderSettings(db);
    const client = clientFor(app, provider);
    if (!client) throw new AppError(503, "PROVIDER_UNAVAILABLE", BOOST_REFUND_FAILED);
    try {
      refundId = (await client.refundPayment(payment.paymentId, `vitrine-boost-${id}-refund`)).id;
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      app.log.warn({ err, boostId: id }, "estorno do impulsionamento recusado pelo Mercado Pago");
      throw new AppError(503, "PROVIDER_UNAVAILABLE", BOOST_REFUND_FAILED);
    }
  }
  await db.transaction(async (tx) => {
    const boost = await lockBoost(tx, peeked);
    // Mercado Pago's notification of this very refund may have come first (the boost is then "refunded").
    if (boost.status !== "awaiting_review" && !(refundId && boost.status === "refunded")) {
      throw conflict(BOOST_NOT_WAITING);
    }
    await tx
      .update(boosts)
      .set({
        status: "rejected",
        rejectReason: reason,
        reviewedAt: now,
        reviewedBy: adminId,
        reviews: boost.reviews + 1,
        refundId,
        refundedAt: refundId ? (boost.refundedAt ?? now) : null,
        publicState: "off",
        updatedAt: now,
      })
      .where(eq(boosts.id, boost.id));
    if (refundId) {
      await tx
        .update(modelPayments)
        .set({ status: "refunded", providerStatus: "refunded", providerCheckedAt: now })
        .where(eq(modelPayments.id, boost.paymentId));
    }
    await auditAdminChange(tx, adminId, "boost.reject", ["boost", boost.id], {
      model_id: boost.modelId,
      reason,
      refund_id: refundId,
      amount_cents: boost.amountCents,
    });
    await notifyModel(tx, {
      modelId: boost.modelId,
      kind: "payment",
      content: (origin) => boostRejectedMessage(boost.name, reason, `${origin}/dashboard/impulsionar`),
    });
  });
  return readAdminBoost(db, id, now);
}

/** GET /api/admin/boost-products: every product, on sale or not. */
export async function listBoostProducts(db: Db): Promise<BoostProduct[]> {
  const rows = await db.select().from(boostProducts).orderBy(asc(boostProducts.sortOrder), asc(boostProducts.id));
  return rows.map(presentProduct);
}

/**
 * PATCH /api/admin/boost-products/{id}: changes a product's name, price (exact cents), days or whether it is on
 * sale; boosts already bought keep what they were bought with. One audit row with what changed.
 */
export async function updateBoostProduct(input: {
  db: Db;
  adminId: number;
  id: number;
  body: UpdateBoostProductBody;
}): Promise<BoostProduct> {
  const { db, adminId, id, body } = input;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(boostProducts).where(eq(boostProducts.id, id)).for("update");
    if (!before) throw notFound(BOOST_PRODUCT_MISSING);
    const next = {
      name: body.name ?? before.name,
      priceCents: body.price_cents ?? before.priceCents,
      days: body.days ?? before.days,
      active: body.active ?? before.active,
    };
    const [after] = await tx
      .update(boostProducts)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(boostProducts.id, id))
      .returning();
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of ["name", "priceCents", "days", "active"] as const) {
      if (before[key] !== after[key])
        changes[key === "priceCents" ? "price_cents" : key] = { from: before[key], to: after[key] };
    }
    await auditAdminChange(tx, adminId, "boost_product.update", ["boost_product", id], changes);
    return presentProduct(after);
  });
}
