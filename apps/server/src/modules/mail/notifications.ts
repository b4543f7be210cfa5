import { MODERATION_DECISION_LABELS, type ModerationAction } from "@vitrine/contracts";
import type { Db } from "../../db/client";
import { formatDateBr } from "../../lib/dates";
import {
  moderationDecidedMessage,
  newSignInMessage,
  paymentConfirmedMessage,
  planExpiredMessage,
  planExpiringMessage,
  verificationDecidedMessage,
} from "./messages";
import { notifyModel } from "./notify";

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
