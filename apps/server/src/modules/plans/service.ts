import { type PlanBodySchema, plural } from "@vitrine/contracts";
import { and, asc, count, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { modelPayments, models, plans, type PlanRow } from "../../db/schema";
import { AppError, notFound } from "../../lib/app-error";
import { toCents } from "../../lib/money";
import { auditAdminChange } from "../audit/service";
import type { Tx } from "../models/lock-model";

export type PlanInput = z.output<typeof PlanBodySchema>;
type PlanChanges = Record<string, { from: unknown; to: unknown }>;

const PLAN_NOT_FOUND = "Plano não encontrado";
/** How many model names a PLAN_IN_USE answer lists. */
const MODELS_LINKED_SAMPLE = 5;
export const NO_PLAN_LABEL = "Sem plano";

/** Every plan, cheapest first, with how many models (deleted accounts left out) have it. */
export function listPlans({ db }: { db: Db }) {
  const counts = db
    .select({ planId: models.planId, n: count().as("n") })
    .from(models)
    .where(isNull(models.deletedAt))
    .groupBy(models.planId)
    .as("counts");
  return db
    .select({ plan: plans, modelsCount: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number) })
    .from(plans)
    .leftJoin(counts, eq(counts.planId, plans.id))
    .orderBy(asc(plans.priceCents), asc(plans.id));
}

/** Models (not deleted) per plan, most first, and "Sem plano" for those without one; empty slices are left out. */
export async function getPlanDistribution({ db }: { db: Db }) {
  const rows = await db
    .select({ name: plans.name, value: count() })
    .from(models)
    .leftJoin(plans, eq(plans.id, models.planId))
    .where(isNull(models.deletedAt))
    .groupBy(plans.id, plans.name)
    .orderBy(desc(count()), asc(plans.name));
  return rows.map((r) => ({ name: r.name ?? NO_PLAN_LABEL, value: r.value }));
}

function toRow(input: PlanInput) {
  return {
    name: input.name,
    priceCents: toCents(input.price),
    periodType: input.period_type,
    highlight: input.highlight,
    paymentMethods: input.payment_methods,
    active: input.active,
  };
}

/** One highlighted plan at most (the renewal dialog offers it): highlighting a plan clears the others. */
async function clearOtherHighlights(tx: Tx, planId: number) {
  await tx
    .update(plans)
    .set({ highlight: false })
    .where(and(ne(plans.id, planId), eq(plans.highlight, true)));
}

async function lockPlan(tx: Tx, id: number): Promise<PlanRow> {
  const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for("update");
  if (!row) throw notFound(PLAN_NOT_FOUND);
  return row;
}

async function countModels(db: Db, planId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(models)
    .where(and(eq(models.planId, planId), isNull(models.deletedAt)));
  return row.n;
}

export async function createPlan({ db, adminId, input }: { db: Db; adminId: number; input: PlanInput }) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(plans).values(toRow(input)).returning();
    if (row.highlight) await clearOtherHighlights(tx, row.id);
    await auditAdminChange(tx, adminId, "plan.create", ["plan", row.id], { ...input });
    return { plan: row, modelsCount: 0 };
  });
}

/** Edits every field of a plan; the audit row lists what changed, before and after. */
export async function updatePlan(input: { db: Db; adminId: number; id: number; input: PlanInput }) {
  const { db, adminId, id } = input;
  return db.transaction(async (tx) => {
    const before = await lockPlan(tx, id);
    const [row] = await tx.update(plans).set(toRow(input.input)).where(eq(plans.id, id)).returning();
    if (row.highlight) await clearOtherHighlights(tx, row.id);
    await auditAdminChange(tx, adminId, "plan.update", ["plan", id], diffPlans(before, row));
    return { plan: row, modelsCount: await countModels(tx, id) };
  });
}

function diffPlans(before: PlanRow, after: PlanRow): PlanChanges {
  const changes: PlanChanges = {};
  const fields = ["name", "priceCents", "periodType", "highlight", "paymentMethods", "active"] as const;
  for (const field of fields) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) {
      changes[field] = { from: before[field], to: after[field] };
    }
  }
  return changes;
}

export async function setPlanStatus(input: { db: Db; adminId: number; id: number; active: boolean }) {
  const { db, adminId, id, active } = input;
  return db.transaction(async (tx) => {
    const before = await lockPlan(tx, id);
    const [row] = await tx.update(plans).set({ active }).where(eq(plans.id, id)).returning();
    await auditAdminChange(tx, adminId, "plan.status", ["plan", id], { active: { from: before.active, to: active } });
    return { plan: row, modelsCount: await countModels(tx, id) };
  });
}

/**
 * Deletes a plan. While models or payments point at it the deletion is refused with 409 PLAN_IN_USE, saying how
 * many and naming up to five models; with `force` they are unlinked first (models lose their plan, payments keep
 * the plan's name) and the plan is deleted, in one transaction.
 */
export async function deletePlan(input: { db: Db; adminId: number; id: number; force: boolean }) {
  const { db, adminId, id, force } = input;
  await db.transaction(async (tx) => {
    const plan = await lockPlan(tx, id);
    const linked = await tx
      .select({ name: models.name })
      .from(models)
      .where(and(eq(models.planId, id), isNull(models.deletedAt)))
      .orderBy(asc(models.name));
    const [{ n: payments }] = await tx.select({ n: count() }).from(modelPayments).where(eq(modelPayments.planId, id));
    if ((linked.length || payments) && !force) {
      throw new AppError(
        409,
        "PLAN_IN_USE",
        `Este plano está em uso por ${plural(linked.length, "modelo", "modelos")} e ${plural(payments, "pagamento", "pagamentos")}. ` +
          "Confirme a exclusão forçada para desvinculá-los.",
        undefined,
        { payments, models: linked.length, models_linked: linked.slice(0, MODELS_LINKED_SAMPLE).map((m) => m.name) },
      );
    }
    // Any model row still pointing at the plan (a deleted account included) is unlinked.
    const unlinkedModels = await tx
      .update(models)
      .set({ planId: null, updatedAt: new Date() })
      .where(eq(models.planId, id))
      .returning({ id: models.id });
    await tx
      .update(modelPayments)
      .set({ planId: null, planName: sql`coalesce(${modelPayments.planName}, ${plan.name})` })
      .where(eq(modelPayments.planId, id));
    await tx.delete(plans).where(eq(plans.id, id));
    await auditAdminChange(tx, adminId, "plan.delete", ["plan", id], {
      name: plan.name,
      force,
      unlinked_models: unlinkedModels.length,
      unlinked_payments: payments,
    });
  });
}
