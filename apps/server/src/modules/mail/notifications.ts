import { MODERATION_DECISION_LABELS, type ModerationAction } from "@vitrine/contracts";
import type { Db } from "../../db/client";
import { formatDateBr } from "../../lib/dates";
import {
  autoHoldAdminMessage,
  autoHoldMessage,
  moderationDecidedMessage,
  newSignInMessage,
  paymentConfirmedMessage,
  planExpiredMessage,
  planExpiringMessage,
  noticeConfirmMessage,
  notifierInviteMessage,
  restoredMessage,
  secondStepCapMessage,
  type SecurityChange,
  securityChangeMessage,
  trustedHoldAdminMessage,
  trustedHoldMessage,
  urgentCaseMessage,
  verificationDecidedMessage,
} from "./messages";
import { notifyAccount, notifyAddress, notifyAdmins, notifyModel } from "./notify";

/**
 * The notification e-mails, one function per event, each called once where the house decides that event and
 * inside its transaction: the plan-expiry job, markPlanPaymentPaid, the verification decisions, the moderation
 * decisions. Each respects her switches (notifyModel).
 */

/** Her plan's last valid day is two days away (next_due_date is the first day it no longer counts). */
export const notifyPlanExpiring = (db: Db, modelId: number, dueDate: string) =>
  notifyModel(db, {
    modelId,
    kind: "plan",
    content: (origin) => planExpiringMessage(formatDateBr(dueDate), `${origin}/dashboard`),
  });

export const notifyPlanExpired = (db: Db, modelId: number, dueDate: string) =>
  notifyModel(db, {
    modelId,
    kind: "plan",
    content: (origin) => planExpiredMessage(formatDateBr(dueDate), `${origin}/dashboard`),
  });

export const notifyPaymentConfirmed = (db: Db, modelId: number, nextDueDate: string | null) =>
  notifyModel(db, {
    modelId,
    kind: "payment",
    content: (origin) => paymentConfirmedMessage(nextDueDate && formatDateBr(nextDueDate), `${origin}/dashboard`),
  });

export const notifyVerificationDecided = (
  db: Db,
  modelId: number,
  outcome: { approved: true } | { approved: false; reason: string },
) =>
  notifyModel(db, {
    modelId,
    kind: "verification",
    content: (origin) =>
      verificationDecidedMessage(
        outcome.approved,
        outcome.approved ? null : outcome.reason,
        `${origin}/dashboard/verificacao`,
      ),
  });

export const notifyModerationDecided = (db: Db, modelId: number, action: ModerationAction, reason: string) =>
  notifyModel(db, {
    modelId,
    kind: "moderation",
    content: (origin) =>
      moderationDecidedMessage(
        `${MODERATION_DECISION_LABELS[action]}. Motivo: ${reason}`,
        `${origin}/dashboard/moderacao`,
      ),
  });

/** A sign-in from a device and network none of her kept sessions had: a security message, never switched off. */
export const notifyNewSignIn = (db: Db, modelId: number, where: { device: string; network: string }) =>
  notifyModel(db, {
    modelId,
    kind: "security",
    content: (origin) => newSignInMessage(where.device, where.network, `${origin}/dashboard/configuracoes`),
  });

/** What the admins' moderation messages name: the category's label and the item (never the reporter). */
export type ModerationAlert = { caseId: number; category: string; item: string };

const caseUrl = (origin: string, caseId: number) => `${origin}/admin/denuncias/${caseId}`;

/** A case became urgent (its first urgent report): every admin, at once. */
export const notifyUrgentCase = (db: Db, alert: ModerationAlert) =>
  notifyAdmins(db, {
    kind: "moderation_urgent",
    content: (origin) => urgentCaseMessage(alert.category, alert.item, caseUrl(origin, alert.caseId)),
  });

/** Agreeing urgent reports hid her before review: every admin, and her (with the way to her Moderação page). */
export async function notifyAutoHold(db: Db, modelId: number, alert: ModerationAlert) {
  await notifyAdmins(db, {
    kind: "moderation_auto_hold",
    content: (origin) => autoHoldAdminMessage(alert.category, alert.item, caseUrl(origin, alert.caseId)),
  });
  await notifyModel(db, {
    modelId,
    kind: "moderation",
    content: (origin) => autoHoldMessage(alert.category, `${origin}/dashboard/moderacao`),
  });
}

/** An admin found the reports false and restored her. */
export const notifyRestored = (db: Db, modelId: number) =>
  notifyModel(db, { modelId, kind: "moderation", content: (origin) => restoredMessage(`${origin}/dashboard`) });

/** The link that confirms an identified notice (and later shows its state), to the address the notice gave. */
export const notifyNoticeConfirm = (db: Db, input: { to: string; name: string; token: string }) =>
  notifyAddress(db, {
    kind: "notice_confirm",
    to: input.to,
    content: (origin) =>
      noticeConfirmMessage(input.name, `${origin}/denuncias/confirmar?token=${encodeURIComponent(input.token)}`),
  });

/** A trusted notifier's urgent report hid her before review: every admin (naming the notifier), and her. */
export async function notifyTrustedHold(db: Db, modelId: number, alert: ModerationAlert & { notifier: string }) {
  await notifyAdmins(db, {
    kind: "moderation_trusted_hold",
    content: (origin) =>
      trustedHoldAdminMessage(alert.category, alert.item, alert.notifier, caseUrl(origin, alert.caseId)),
  });
  await notifyModel(db, {
    modelId,
    kind: "moderation",
    content: (origin) => trustedHoldMessage(alert.category, `${origin}/dashboard/moderacao`),
  });
}

/** The one-time link that sets a trusted notifier's password, to the address the admin registered. */
export const notifyNotifierInvite = (db: Db, input: { to: string; name: string; token: string; days: number }) =>
  notifyAddress(db, {
    kind: "notifier_invite",
    to: input.to,
    content: (origin) =>
      notifierInviteMessage(
        input.name,
        `${origin}/notificador/definir-senha?token=${encodeURIComponent(input.token)}`,
        input.days,
      ),
  });

export type { SecurityChange };

/**
 * A sensitive change of an account's sign-in or data (a factor added or removed, new recovery codes, the password or
 * the e-mail changed, her data downloaded): a security message to her, or to `to` (the old address of a changed
 * e-mail), inside the transaction of the change. Admins get them too (the house already e-mails admins).
 */
export const notifySecurityChange = (
  db: Db,
  account: { kind: "admin" | "model"; id: number },
  change: SecurityChange,
  to?: string,
) => notifyAccount(db, { account, to, content: (links) => securityChangeMessage(change, links) });

/** The per-account cap on wrong second steps tripped (once per window): someone has her password. */
export const notifySecondStepCap = (db: Db, account: { kind: "admin" | "model"; id: number }, minutes: number) =>
  notifyAccount(db, { account, content: (links) => secondStepCapMessage(minutes, links) });
