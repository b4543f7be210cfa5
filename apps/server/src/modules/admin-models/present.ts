import type { AdminModel } from "@vitrine/contracts";
import { todayInSaoPaulo } from "../../lib/dates";
import { derivePaymentStatus } from "../../lib/payment-status";
import type { AdminModelRecord } from "./query";

/** A model row with its names → the back-office's AdminModel (no password hash, no session data). */
export function presentAdminModel(record: AdminModelRecord, today: string = todayInSaoPaulo()): AdminModel {
  const { model } = record;
  return {
    id: model.id,
    name: model.name,
    username: model.username,
    email: model.email,
    phone: model.phone,
    whatsapp: model.whatsapp,
    city_id: model.municipioId ?? 0,
    city_name: record.cityName,
    state: record.uf,
    category_id: model.categoryId,
    category_name: record.categoryName,
    plan_id: model.planId,
    plan_name: record.planName,
    next_due_date: model.nextDueDate,
    payment_status: derivePaymentStatus(model, today).payment_status,
    is_active: model.isActive,
    is_verified: model.isVerified,
    is_visible:
      model.isActive && !model.deletedAt && !model.pausedAt && model.nextDueDate !== null && today < model.nextDueDate,
    is_paused: model.pausedAt !== null,
    views_count: model.viewsCount,
    contact_count: model.contactCount,
    created_at: model.createdAt.toISOString(),
  };
}
