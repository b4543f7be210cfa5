import { DATA_EXPORTS_PER_HOUR } from "@vitrine/contracts";
import { and, asc, count, eq, gt, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { zipSync, strToU8 } from "fflate";
import {
  auditLog,
  categories,
  consents,
  estados,
  identityVerifications,
  modelPayments,
  models,
  moderationCases,
  municipios,
  orders,
  photos,
  plans,
  sessions,
  visitorMarks,
} from "../../db/schema";
import { notFound, rateLimited } from "../../lib/app-error";
import { recordModelAction } from "../audit/service";
import { kickMail, notifySecurityChange } from "../mail/service";
import { readLargestVariant } from "../moderation/service";

export const DATA_EXPORT_ACTION = "model.data_export";
const HOUR_MS = 60 * 60_000;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Her right of access (LGPD art. 18 and 19): everything stored about her account, in one ZIP with `dados.json`
 * and her photos. Only rows keyed by her id are read; never a secret (password hash, two-step secret, recovery
 * codes, tokens), never the identity document or its hash, never who reported her. At most DATA_EXPORTS_PER_HOUR
 * per hour, counted on the audit rows each download writes (so every server instance agrees).
 */
export async function buildDataExport(app: FastifyInstance, modelId: number): Promise<Uint8Array> {
  const db = app.db;
  const [recent] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, DATA_EXPORT_ACTION),
        eq(auditLog.targetType, "model"),
        eq(auditLog.targetId, String(modelId)),
        gt(auditLog.createdAt, new Date(Date.now() - HOUR_MS)),
      ),
    );
  if (recent.n >= DATA_EXPORTS_PER_HOUR) {
    throw rateLimited(
      `Você já baixou seus dados ${DATA_EXPORTS_PER_HOUR} vezes na última hora. Tente novamente mais tarde.`,
    );
  }

  const [profile] = await db
    .select({
      id: models.id,
      username: models.username,
      email: models.email,
      email_confirmed_at: models.emailConfirmedAt,
      name: models.name,
      age: models.age,
      state: estados.nome,
      city: municipios.nome,
      category: categories.name,
      description: models.description,
      phone: models.phone,
      whatsapp: models.whatsapp,
      instagram: models.instagram,
      height: models.height,
      weight: models.weight,
      measurements: models.measurements,
      services: models.services,
      rates: models.rates,
      is_active: models.isActive,
      is_verified: models.isVerified,
      verified_birth_date: models.verifiedBirthDate,
      is_featured: models.isFeatured,
      views_count: models.viewsCount,
      contact_count: models.contactCount,
      plan: plans.name,
      next_due_date: models.nextDueDate,
      first_paid_at: models.firstPaidAt,
      moderation_status: models.moderationStatus,
      created_at: models.createdAt,
      updated_at: models.updatedAt,
      email_notifications_off: models.emailNotificationsOff,
    })
    .from(models)
    .leftJoin(estados, eq(estados.id, models.estadoId))
    .leftJoin(municipios, eq(municipios.id, models.municipioId))
    .leftJoin(categories, eq(categories.id, models.categoryId))
    .leftJoin(plans, eq(plans.id, models.planId))
    .where(eq(models.id, modelId));
  if (!profile) throw notFound("Conta não encontrada");
  const { email_notifications_off: notificationsOff, ...profileFields } = profile;

  const [payments, received, visits, verifications, decisions, signIns, accepted, photoRows] = await Promise.all([
    db
      .select({
        id: modelPayments.id,
        plan: modelPayments.planName,
        period: modelPayments.periodType,
        amount_cents: modelPayments.amountCents,
        method: modelPayments.method,
        description: modelPayments.description,
        status: modelPayments.status,
        due_date: modelPayments.dueDate,
        paid_at: modelPayments.paidAt,
        applied_days: modelPayments.appliedDays,
        created_at: modelPayments.createdAt,
      })
      .from(modelPayments)
      .where(eq(modelPayments.modelId, modelId))
      .orderBy(asc(modelPayments.createdAt)),
    // Orders of her own products: the buyer's contact is hers to know (she delivers); the access token is not.
    db
      .select({
        id: orders.id,
        product: orders.productName,
        customer_name: orders.customerName,
        customer_email: orders.customerEmail,
        customer_phone: orders.customerPhone,
        amount_cents: orders.amountCents,
        status: orders.status,
        method: orders.method,
        paid_at: orders.paidAt,
        created_at: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.modelId, modelId))
      .orderBy(asc(orders.createdAt)),
    // Visits are counted once per visitor per day; only the counts leave, never the visitors' marks.
    db
      .select({ day: visitorMarks.day, kind: visitorMarks.kind, count: sql<number>`count(*)::int` })
      .from(visitorMarks)
      .where(eq(visitorMarks.modelId, modelId))
      .groupBy(visitorMarks.day, visitorMarks.kind)
      .orderBy(asc(visitorMarks.day), asc(visitorMarks.kind)),
    db
      .select({
        id: identityVerifications.id,
        method: identityVerifications.method,
        status: identityVerifications.status,
        document_type: identityVerifications.documentType,
        is_appeal: identityVerifications.isAppeal,
        verifier: identityVerifications.verifier,
        birth_date: identityVerifications.birthDate,
        reason: identityVerifications.reason,
        submitted_at: identityVerifications.submittedAt,
        decided_at: identityVerifications.decidedAt,
        created_at: identityVerifications.createdAt,
      })
      .from(identityVerifications)
      .where(eq(identityVerifications.modelId, modelId))
      .orderBy(asc(identityVerifications.createdAt)),
    // Decisions about her; the reports themselves (and who sent them) stay out.
    db
      .select({
        id: moderationCases.id,
        photo_id: moderationCases.photoId,
        kind: moderationCases.kind,
        status: moderationCases.status,
        decision: moderationCases.decision,
        reason: moderationCases.decisionReason,
        decided_at: moderationCases.decidedAt,
        appeal_text: moderationCases.appealText,
        appealed_at: moderationCases.appealedAt,
        appeal_outcome: moderationCases.appealOutcome,
        appeal_reason: moderationCases.appealReason,
        appeal_decided_at: moderationCases.appealDecidedAt,
      })
      .from(moderationCases)
      .where(
        and(
          eq(moderationCases.modelId, modelId),
          or(sql`${moderationCases.decision} is not null`, sql`${moderationCases.appealOutcome} is not null`),
        ),
      )
      .orderBy(asc(moderationCases.createdAt)),
    db
      .select({
        device: sessions.device,
        network: sessions.network,
        first_seen_at: sessions.firstSeenAt,
        last_seen_at: sessions.lastSeenAt,
        ended_at: sessions.endedAt,
      })
      .from(sessions)
      .where(and(eq(sessions.accountKind, "model"), eq(sessions.accountId, modelId)))
      .orderBy(asc(sessions.firstSeenAt)),
    db
      .select({ document: consents.document, version: consents.version, accepted_at: consents.acceptedAt })
      .from(consents)
      .where(eq(consents.modelId, modelId))
      .orderBy(asc(consents.acceptedAt)),
    db.select().from(photos).where(eq(photos.modelId, modelId)).orderBy(asc(photos.id)),
  ]);

  const files: Record<string, Uint8Array> = {};
  const photoList = [];
  for (const photo of photoRows) {
    const data = await readLargestVariant(app.storage, photo.filename);
    const file = data ? `fotos/${photo.id}.webp` : null;
    if (file && data) files[file] = data;
    photoList.push({
      id: photo.id,
      file,
      width: photo.width,
      height: photo.height,
      is_primary: photo.isPrimary,
      is_public: photo.isPublic,
      hidden_by_moderation_at: iso(photo.moderationHiddenAt),
      uploaded_at: photo.createdAt.toISOString(),
    });
  }

  const data = {
    generated_at: new Date().toISOString(),
    about:
      "Todos os dados guardados sobre a sua conta. As fotos vão no maior tamanho guardado: o arquivo original " +
      "enviado nunca é guardado (ele é reduzido e regravado sem metadados no envio). O documento de identidade e " +
      "a selfie da verificação não são incluídos (são apagados após a decisão), nem quem fez denúncias.",
    profile: profileFields,
    notification_preferences: { email_notifications_off: notificationsOff },
    payments,
    orders_received: received,
    visits_per_day: visits,
    verifications,
    moderation_decisions: decisions,
    sessions: signIns,
    consents: accepted,
    photos: photoList,
  };
  files["dados.json"] = strToU8(JSON.stringify(data, null, 2));
  // Photos are WebP already: storing them (level 0) is as small and much faster than deflating them again.
  const zip = zipSync(files, { level: 0 });
  // The audit row (which the hourly limit counts) and her e-mail: all her data left, she is told at once.
  await db.transaction(async (tx) => {
    await recordModelAction({ db: tx, modelId, action: DATA_EXPORT_ACTION });
    await notifySecurityChange(tx, { kind: "model", id: modelId }, "data_downloaded");
  });
  kickMail(app);
  return zip;
}
