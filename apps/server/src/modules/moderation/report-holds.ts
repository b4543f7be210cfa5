import { reportCategoryLabel, URGENT_REPORT_CATEGORIES } from "@vitrine/contracts";
import { and, eq, isNull } from "drizzle-orm";
import { moderationCases, models } from "../../db/schema";
import { notFound } from "../../lib/app-error";
import { recordSystemAction } from "../audit/service";
import { notifyAutoHold, notifyTrustedHold, notifyUrgentCase } from "../mail/service";
import type { Tx } from "../models/lock-model";
import { PRIORITY } from "./case-store";
import { holdProfile, openHoldingCasesOf } from "./holds";
import { agreeingNetworks } from "./weight";

/**
 * What a report does to its case and profile before anyone reviews it (reports.ts and notices.ts call these under
 * the model's lock): an urgent report raises its case to urgent and e-mails the admins; weighing urgent reports
 * that agree, or a trusted notifier's urgent report, hold the profile before review.
 */

const PROFILE_NOT_FOUND = "Perfil não encontrado";

export const isUrgentCategory = (category: string) => URGENT_REPORT_CATEGORIES.some((c) => c === category);

/** How the admins' messages name a reported item (never the reporter). */
export function itemLabel(model: { id: number; username: string } | null, photoId: number | null) {
  if (!model) return "conteúdo fora do site";
  return photoId === null ? `perfil @${model.username} (nº ${model.id})` : `foto nº ${photoId} de @${model.username}`;
}

/** Her live row, locked for the transaction (the per-profile rules run one at a time), or 404. */
export async function lockReportedModel(tx: Tx, modelId: number) {
  const [model] = await tx
    .select({ id: models.id, username: models.username })
    .from(models)
    .where(and(eq(models.id, modelId), isNull(models.deletedAt)))
    .for("update");
  if (!model) throw notFound(PROFILE_NOT_FOUND);
  return model;
}

/**
 * Raises a case to urgent; when it was not urgent before (its first urgent report), every admin is e-mailed.
 * Call it under the model's lock, in the transaction that records or confirms the urgent report.
 */
export async function raiseToUrgent(
  tx: Tx,
  input: { caseId: number; category: string; model: { id: number; username: string } | null; photoId: number | null },
) {
  const [before] = await tx
    .select({ priority: moderationCases.priority })
    .from(moderationCases)
    .where(eq(moderationCases.id, input.caseId))
    .for("update");
  if (!before || before.priority >= PRIORITY.urgent) return;
  await tx.update(moderationCases).set({ priority: PRIORITY.urgent }).where(eq(moderationCases.id, input.caseId));
  await notifyUrgentCase(tx, {
    caseId: input.caseId,
    category: reportCategoryLabel(input.category),
    item: itemLabel(input.model, input.photoId),
  });
}

/**
 * The hold before review, one rule for both ways a profile gets it: hidden (not erased), her photos frozen as
 * evidence, the case marked, a system audit row (`audit`) and the e-mails to her and every admin (`notify`). A
 * profile already held by an open urgent case is left as it is (false). Call it under the model's lock, after the
 * case was raised to urgent. "Restaurar (denúncias falsas)" ends it.
 */
async function holdBeforeReview(
  tx: Tx,
  input: { modelId: number; caseId: number },
  audit: { action: "moderation.auto_hold" | "moderation.trusted_hold"; changes: Record<string, unknown> },
  notify: () => Promise<void>,
): Promise<boolean> {
  if (await isHeldBeforeReview(tx, input.modelId)) return false;
  await holdProfile(tx, input.modelId, { freezePhotos: true });
  await tx.update(moderationCases).set({ autoHidden: true }).where(eq(moderationCases.id, input.caseId));
  await recordSystemAction({
    db: tx,
    entry: {
      action: audit.action,
      target: { type: "moderation_case", id: input.caseId },
      changes: { model_id: input.modelId, ...audit.changes },
    },
  });
  await notify();
  return true;
}

/** Whether an open urgent case of hers already holds her before review (a second hold would change nothing). */
async function isHeldBeforeReview(tx: Tx, modelId: number): Promise<boolean> {
  const [held] = await tx
    .select({ id: moderationCases.id })
    .from(moderationCases)
    .where(and(openHoldingCasesOf(modelId), eq(moderationCases.priority, PRIORITY.urgent)))
    .limit(1);
  return held !== undefined;
}

/**
 * When urgent reports from AUTO_HIDE_SETTING distinct networks agree within the window (modules/moderation/
 * weight.ts), the profile is held before review (holdBeforeReview; audit `moderation.auto_hold`).
 */
export async function holdAfterAgreement(
  tx: Tx,
  input: { model: { id: number; username: string }; caseId: number; category: string; photoId: number | null },
  threshold: number,
): Promise<boolean> {
  const networks = await agreeingNetworks(tx, input.model.id);
  if (networks < threshold) return false;
  return holdBeforeReview(
    tx,
    { modelId: input.model.id, caseId: input.caseId },
    { action: "moderation.auto_hold", changes: { category: input.category, networks, threshold } },
    () =>
      notifyAutoHold(tx, input.model.id, {
        caseId: input.caseId,
        category: reportCategoryLabel(input.category),
        item: itemLabel(input.model, input.photoId),
      }),
  );
}

/**
 * A trusted notifier's urgent report (decision 061) holds the profile at once, without waiting for agreement
 * (holdBeforeReview; audit `moderation.trusted_hold`, naming the notifier, and its own e-mails).
 */
export async function holdOnTrustedNotice(
  tx: Tx,
  input: {
    model: { id: number; username: string };
    caseId: number;
    category: string;
    notifier: { id: number; name: string };
  },
): Promise<boolean> {
  return holdBeforeReview(
    tx,
    { modelId: input.model.id, caseId: input.caseId },
    {
      action: "moderation.trusted_hold",
      changes: { category: input.category, notifier_id: input.notifier.id, notifier: input.notifier.name },
    },
    () =>
      notifyTrustedHold(tx, input.model.id, {
        caseId: input.caseId,
        category: reportCategoryLabel(input.category),
        item: itemLabel(input.model, null),
        notifier: input.notifier.name,
      }),
  );
}
