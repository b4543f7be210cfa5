import type { AdminModelPlanBody, AdminModelStatusBody } from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { models, plans } from "../../db/schema";
import { conflict, notFound } from "../../lib/app-error";
import { auditAdminChange } from "../audit/service";
import { assertCanActivate } from "../models/activation";
import { lockModelForAdmin } from "../models/lock-model";
import { isModelVisible, recordModelChange, type VisibilityChange } from "../models/publish";
import { type AdminModelRecord, findAdminModel } from "./query";

export const PLAN_NOT_FOUND = "Plano não encontrado";
export const FROZEN_VERIFY_MESSAGE =
  "Conta congelada: a verificação indicou menor de 18 anos. Descongele-a em Verificações antes de marcá-la como verificada.";

async function reloadModel(db: Db, modelId: number): Promise<AdminModelRecord> {
  const record = await findAdminModel({ db, modelId });
  if (!record) throw notFound("Modelo não encontrada");
  return record;
}

/**
 * Sets is_active and/or is_verified (each only when given). Turning a model active while her plan is not valid
 * is refused with 409 MODEL_OVERDUE and changes nothing (not even is_verified sent with it); deactivating is
 * always allowed. Verifying an account frozen by a verification under 18 is refused with 409. One audit row, in
 * the same transaction.
 */
export async function updateModelStatus(input: {
  db: Db;
  adminId: number;
  modelId: number;
  body: AdminModelStatusBody;
}): Promise<{ record: AdminModelRecord; visibility: VisibilityChange }> {
  const { modelId, body } = input;
  return input.db.transaction(async (tx) => {
    const model = await lockModelForAdmin(tx, modelId);
    const before = await isModelVisible({ db: tx, modelId });
    if (body.is_active === true && !model.isActive) assertCanActivate(model.nextDueDate);
    if (body.is_verified === true && model.verificationFrozenAt) throw conflict(FROZEN_VERIFY_MESSAGE);
    const set = {
      ...(body.is_active === undefined ? {} : { isActive: body.is_active }),
      ...(body.is_verified === undefined ? {} : { isVerified: body.is_verified }),
    };
    await tx
      .update(models)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(models.id, modelId));
    const changes: Record<string, unknown> = {};
    if (body.is_active !== undefined) changes.is_active = { from: model.isActive, to: body.is_active };
    if (body.is_verified !== undefined) changes.is_verified = { from: model.isVerified, to: body.is_verified };
    await auditAdminChange(tx, input.adminId, "model.status", ["model", modelId], changes);
    const after = await isModelVisible({ db: tx, modelId });
    const record = await reloadModel(tx, modelId);
    await recordModelChange(tx, modelId, { before, after });
    return { record, visibility: { before, after } };
  });
}

/** Attaches a plan to the model (or detaches it with null). An unknown plan is 404. One audit row. */
export async function updateModelPlan(input: {
  db: Db;
  adminId: number;
  modelId: number;
  body: AdminModelPlanBody;
}): Promise<AdminModelRecord> {
  const { modelId } = input;
  const planId = input.body.plan_id;
  return input.db.transaction(async (tx) => {
    const model = await lockModelForAdmin(tx, modelId);
    let planName: string | null = null;
    if (planId !== null) {
      const [plan] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, planId));
      if (!plan) throw notFound(PLAN_NOT_FOUND);
      planName = plan.name;
    }
    await tx.update(models).set({ planId, updatedAt: new Date() }).where(eq(models.id, modelId));
    await auditAdminChange(tx, input.adminId, "model.plan", ["model", modelId], {
      plan_id: { from: model.planId, to: planId },
      plan_name: planName,
    });
    return reloadModel(tx, modelId);
  });
}
