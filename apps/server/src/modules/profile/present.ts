import {
  daysBetweenDates,
  fromCents,
  type Language,
  modelProfilePath,
  type ProfileModel,
  type ReceivesAt,
  type Visibility,
} from "@vitrine/contracts";
import { availableUntil } from "../models/availability";
import type { ModelRow } from "../../db/schema";
import { formatDateBr, todayInSaoPaulo } from "../../lib/dates";
import { derivePaymentStatus } from "../../lib/payment-status";
import { MODERATION_CLEAR } from "../models/visibility";

export type ProfileRow = {
  model: ModelRow;
  uf: string;
  cityName: string;
  citySlug: string;
  categoryName: string | null;
  /** model_is_public (isPubliclyVisible) evaluated by the database, so this screen and the public site agree. */
  isVisible: boolean;
  /** When the documents now awaiting review were sent; null when none await review. */
  verificationSentAt: Date | null;
};

export type PrimaryPhotoState = { hasPrimary: boolean; isPrimaryPublic: boolean };

const toNumber = (v: string | null) => (v === null ? null : Number(v));

/**
 * Why the public does not see the model, one reason per part of the rule (the database's model_is_public, read
 * here as row.isVisible: active, not deleted, clear of moderation, identity verified, e-mail confirmed, a valid
 * plan, not paused by her), plus photo warnings that do not hide the model but leave its card without a picture. A test
 * (profile/visibility-reasons.test.ts) checks on every combination that she has a blocking reason exactly when
 * model_is_public says she is hidden.
 */
export function explainVisibility(
  row: ProfileRow,
  photo: PrimaryPhotoState,
  today: string = todayInSaoPaulo(),
): Visibility {
  const m = row.model;
  const reasons: Visibility["reasons"] = [];
  if (!m.isActive || m.deletedAt) {
    reasons.push({
      code: "inactive",
      blocking: true,
      message: m.deletedAt
        ? "Sua conta foi excluída."
        : "Seu anúncio está desativado. Fale com o suporte para reativá-lo.",
    });
  }
  if (m.moderationStatus !== MODERATION_CLEAR) {
    reasons.push({
      code: "moderation",
      blocking: true,
      message:
        "Seu anúncio está fora do ar pela moderação. Veja o aviso que enviamos por e-mail ou fale com o suporte.",
    });
  }
  // A frozen account is never verified (a verification that showed her under 18 turned is_verified off).
  if (!m.isVerified && m.verificationFrozenAt) {
    reasons.push({
      code: "verification_frozen",
      blocking: true,
      message: "Sua conta está congelada: a verificação de identidade indicou menor de 18 anos.",
    });
  } else if (!m.isVerified) {
    // Documents already sent are awaiting the team, not asked for again.
    reasons.push({
      code: "identity_unverified",
      blocking: true,
      message: row.verificationSentAt
        ? "Seus documentos estão em análise: o anúncio aparece no site assim que a identidade for aprovada."
        : "Verifique sua identidade para aparecer no site.",
    });
  }
  if (!m.emailConfirmedAt) {
    reasons.push({
      code: "email_unconfirmed",
      blocking: true,
      message: "Confirme seu e-mail para aparecer no site: abra o link que enviamos para você.",
    });
  }
  const planValid = m.nextDueDate !== null && today < m.nextDueDate;
  if (!planValid) {
    if (m.nextDueDate && m.firstPaidAt) {
      reasons.push({
        code: "plan_expired",
        blocking: true,
        message: `Seu plano venceu em ${formatDateBr(m.nextDueDate)}. Renove para voltar a aparecer no site.`,
      });
    } else {
      reasons.push({
        code: "no_payment",
        blocking: true,
        message: "Você ainda não tem um plano pago. Assine um plano para aparecer no site.",
      });
    }
  }
  if (m.pausedAt) {
    reasons.push({
      code: "paused",
      blocking: true,
      message: "Você pausou seu anúncio: ele não aparece no site até você retomar. Seu plano continua correndo.",
    });
  }
  if (!photo.hasPrimary) {
    reasons.push({
      code: "no_primary_photo",
      blocking: false,
      message: "Você ainda não tem foto principal: seu anúncio aparece sem foto.",
    });
  } else if (!photo.isPrimaryPublic) {
    reasons.push({
      code: "primary_photo_private",
      blocking: false,
      message: "Sua foto principal está privada: seu anúncio aparece sem foto. Publique-a ou escolha outra.",
    });
  }
  return { is_visible: row.isVisible, reasons };
}

/** Whole days a plan valid until `nextDueDate` (exclusive) has left today: 1 on its last day; null once expired. */
export function planDaysLeft(nextDueDate: string | null, today: string): number | null {
  if (!nextDueDate || nextDueDate <= today) return null;
  return daysBetweenDates(today, nextDueDate);
}

/** Every profile field the owner edits, with the account fields and the visibility explanation. */
export function presentProfileModel(row: ProfileRow, photo: PrimaryPhotoState): ProfileModel {
  const m = row.model;
  return {
    id: m.id,
    username: m.username,
    email: m.email,
    name: m.name,
    // A signed-in owner is never a deleted (anonymised) account: these are always set.
    age: m.age ?? 0,
    estado_id: m.estadoId ?? 0,
    municipio_id: m.municipioId ?? 0,
    category_id: m.categoryId,
    city_name: row.cityName,
    state: row.uf,
    category_name: row.categoryName,
    description: m.description,
    phone: m.phone,
    whatsapp: m.whatsapp,
    instagram: m.instagram,
    height: toNumber(m.height),
    weight: toNumber(m.weight),
    measurements: m.measurements,
    services: m.services,
    rates: m.rates,
    receives_at: m.receivesAt as ReceivesAt[],
    neighborhood: m.neighborhood,
    languages: m.languages as Language[],
    price_from: m.priceFrom === null ? null : fromCents(m.priceFrom),
    available_until: availableUntil(m.availableUntil),
    paused_at: m.pausedAt ? m.pausedAt.toISOString() : null,
    is_active: m.isActive,
    is_verified: m.isVerified,
    age_verified: m.verifiedBirthDate !== null,
    is_featured: m.isFeatured,
    views_count: m.viewsCount,
    contact_count: m.contactCount,
    next_due_date: m.nextDueDate,
    ...derivePaymentStatus(m),
    plan_days_left: planDaysLeft(m.nextDueDate, todayInSaoPaulo()),
    public_path: modelProfilePath({ id: m.id, name: m.name, city_slug: row.citySlug }),
    visibility: explainVisibility(row, photo),
  };
}
