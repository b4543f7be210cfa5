import type { SessionModel } from "@vitrine/contracts";
import type { ModelRow } from "../../db/schema";
import { derivePaymentStatus } from "../../lib/payment-status";
import { availableUntil } from "./availability";

/** The model as the session (login, register, verify) sees it. */
export function presentSessionModel(row: ModelRow): SessionModel {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    name: row.name,
    is_active: row.isActive,
    next_due_date: row.nextDueDate,
    banned: row.moderationStatus === "banned",
    email_confirmed: row.emailConfirmedAt !== null,
    available_until: availableUntil(row.availableUntil),
    ...derivePaymentStatus(row),
  };
}
