import {
  PIX_KEY_MISSING_MESSAGE,
  PIX_KEY_SETTINGS,
  PIX_KEY_TYPE_LABELS,
  PIX_KEY_TYPES,
  type PixKeyType,
  proposeDueDate,
} from "@vitrine/contracts";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { modelPayments, models, plans, settings } from "../../db/schema";
import { todayInSaoPaulo } from "../../lib/dates";
import { AppError, badRequest, notFound } from "../../lib/app-error";
import { buildPixPayload, normalizePixKey, PIX_DEFAULT_CITY, renderPixQr } from "../../lib/pix";
import { auditAdminChange } from "../audit/service";

/** What a static Pix code needs from the settings: the receiver's name and city, and the configured keys. */
type PixConfig = { merchantName: string; merchantCity: string; keys: Partial<Record<PixKeyType, string>> };

async function loadPixConfig(db: Db): Promise<PixConfig> {
  const wanted = ["site_name", "pix_merchant_city", ...Object.values(PIX_KEY_SETTINGS)];
  const rows = await db.select().from(settings).where(inArray(settings.settingKey, wanted));
  const value = (key: string) => rows.find((r) => r.settingKey === key)?.settingValue.trim() ?? "";
  const keys: PixConfig["keys"] = {};
  for (const type of PIX_KEY_TYPES) {
    const key = value(PIX_KEY_SETTINGS[type]);
    if (key) keys[type] = key;
  }
  return {
    merchantName: value("site_name"),
    merchantCity: value("pix_merchant_city") || PIX_DEFAULT_CITY,
    keys,
  };
}

/**
 * The configured key of a type, as the DICT writes it. Not configured → 400 PIX_KEY_MISSING; configured but not a
 * valid key of its type (edited outside the settings screen) → 400 saying what to fix.
 */
function configuredKey(config: PixConfig, type: PixKeyType): string {
  const raw = config.keys[type];
  if (!raw) throw new AppError(400, "PIX_KEY_MISSING", PIX_KEY_MISSING_MESSAGE);
  const checked = normalizePixKey(type, raw);
  if (!checked.ok) {
    throw badRequest(
      `Chave PIX (${PIX_KEY_TYPE_LABELS[type]}) configurada é inválida: ${checked.message}. ` +
        "Corrija em Admin > Configurações.",
    );
  }
  return checked.key;
}

/** A static Pix QR for one of the site's keys, with an optional amount (0 or absent: the payer types it). */
export async function generateStaticPix({
  db,
  keyType,
  amountCents,
  description,
}: {
  db: Db;
  keyType: PixKeyType;
  amountCents?: number;
  description: string;
}) {
  const config = await loadPixConfig(db);
  const key = configuredKey(config, keyType);
  const payload = buildPixPayload({ keyType, key, ...config, amountCents, description });
  return { payload, qrCode: await renderPixQr(payload), key, amountCents: amountCents || null, description };
}

/** The key the site's charges use: the random key when there is one, else the first configured key. */
function chooseKeyType(config: PixConfig): PixKeyType {
  const order: PixKeyType[] = ["random", ...PIX_KEY_TYPES.filter((t) => t !== "random")];
  return order.find((t) => config.keys[t]) ?? "random";
}

/** The site's receiving Pix key for a charge, checked, with the receiver's name and city. */
export type SitePix = { keyType: PixKeyType; key: string; merchantName: string; merchantCity: string };

/**
 * The key a charge of the site is paid to (the random key when there is one, else the first configured key).
 * No key configured → 400 PIX_KEY_MISSING; a configured key that is not valid → 400 saying what to fix.
 */
export async function loadSitePix(db: Db): Promise<SitePix> {
  const config = await loadPixConfig(db);
  const keyType = chooseKeyType(config);
  return { keyType, key: configuredKey(config, keyType), ...config };
}

/** A static BR Code of `amountCents` to the site's key, naming our record in its txid. */
export function buildSitePixPayload(
  pix: SitePix,
  charge: { amountCents: number; txid: string; description: string },
): string {
  return buildPixPayload({ ...pix, ...charge });
}

/** "VTR" and the payment id, zero-padded: letters and digits only, well inside the 25 a txid may hold. */
export const txidForPayment = (paymentId: number) => `VTR${String(paymentId).padStart(9, "0")}`;

/**
 * The admin's "Generate PIX (EMV)" for a model: a pending pix_emv payment of the amount is created, its id gives
 * the BR Code's txid, and the payload and txid are stored on it, all in one transaction with its audit row. The
 * payment's due date is what the new-payment form would propose: max(today, next_due_date) + the plan's period.
 */
export async function generateModelPix(input: {
  db: Db;
  adminId: number;
  modelId: number;
  planId?: number | null;
  amountCents: number;
  description: string;
}) {
  const { db, adminId, modelId, amountCents, description } = input;
  const pix = await loadSitePix(db);
  const result = await db.transaction(async (tx) => {
    const [model] = await tx
      .select({ id: models.id, nextDueDate: models.nextDueDate, planId: models.planId })
      .from(models)
      .where(and(eq(models.id, modelId), isNull(models.deletedAt)))
      .for("update");
    if (!model) throw notFound("Modelo não encontrada");
    const planId = input.planId ?? null;
    const [plan] = planId ? await tx.select().from(plans).where(eq(plans.id, planId)) : [];
    if (planId && !plan) throw notFound("Plano não encontrado");
    const [payment] = await tx
      .insert(modelPayments)
      .values({
        modelId,
        planId: plan?.id ?? null,
        planName: plan?.name ?? null,
        periodType: plan?.periodType ?? null,
        amountCents,
        method: "pix_emv",
        description,
        status: "pending",
        dueDate: proposeDueDate({
          today: todayInSaoPaulo(),
          nextDueDate: model.nextDueDate,
          periodType: plan?.periodType,
        }),
      })
      .returning({ id: modelPayments.id });
    const txid = txidForPayment(payment.id);
    const payload = buildSitePixPayload(pix, { amountCents, txid, description });
    await tx.update(modelPayments).set({ pixTxid: txid, pixPayload: payload }).where(eq(modelPayments.id, payment.id));
    await auditAdminChange(tx, adminId, "payment.pix", ["model_payment", payment.id], {
      model_id: modelId,
      amount_cents: amountCents,
      key_type: pix.keyType,
      txid,
      plan_id: plan?.id ?? null,
    });
    return { paymentId: payment.id, txid, payload };
  });
  return { ...result, qr: await renderPixQr(result.payload) };
}
