import { PROVIDER_PIX_MINUTES } from "@vitrine/contracts";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { boostProducts, boosts, modelPayments, models } from "../../db/schema";
import { badRequest, notFound, unauthorized } from "../../lib/app-error";
import {
  type Checkout,
  chargeModelCheckout,
  chargeModelPix,
  findPayer,
  MINUTE_MS,
  MODEL_LINK_MS,
  type ModelCharge,
} from "../payments/service";

/**
 * Buying a boost from her dashboard, through the same Mercado Pago flow as her plan (modules/payments): a model
 * payment of the product's price (her receipt in Pagamentos) and the boost it buys, committed together before
 * Mercado Pago is called; a failed charge removes both. The signed webhooks settle the payment and move the boost
 * into the review queue (apply.ts).
 */

export const BOOST_PRODUCT_NOT_FOUND = "Impulsionamento não encontrado ou fora de venda";
export const BOOST_NEEDS_CITY = "Informe a cidade do seu anúncio antes de impulsioná-lo.";
export const BOOST_HOUR_ONLY_FOR_BUMP = "Só o “Subir anúncio” tem horário escolhido.";

type Purchase = { modelId: number; productId: number; bumpHour: number | null };

async function openBoost(db: Db, input: Purchase & { method: string; expiresAt: Date }) {
  const [product] = await db
    .select()
    .from(boostProducts)
    .where(and(eq(boostProducts.id, input.productId), eq(boostProducts.active, true)));
  if (!product) throw notFound(BOOST_PRODUCT_NOT_FOUND);
  if (product.kind !== "bump" && input.bumpHour !== null) throw badRequest(BOOST_HOUR_ONLY_FOR_BUMP);
  const payer = await findPayer(db, input.modelId);
  const [model] = await db
    .select({ cityId: models.municipioId })
    .from(models)
    .where(and(eq(models.id, input.modelId), isNull(models.deletedAt)));
  if (!model) throw unauthorized();
  if (model.cityId === null) throw badRequest(BOOST_NEEDS_CITY);
  const cityId = model.cityId;
  const opened = await db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(modelPayments)
      .values({
        modelId: input.modelId,
        amountCents: product.priceCents,
        method: input.method,
        description: `Impulsionamento: ${product.name}`,
        status: "pending",
        expiresAt: input.expiresAt,
      })
      .returning({ id: modelPayments.id });
    const [boost] = await tx
      .insert(boosts)
      .values({
        modelId: input.modelId,
        cityId,
        productId: product.id,
        kind: product.kind,
        name: product.name,
        days: product.days,
        amountCents: product.priceCents,
        paymentId: payment.id,
        bumpHour: product.kind === "bump" ? input.bumpHour : null,
      })
      .returning({ id: boosts.id });
    return { paymentId: payment.id, boostId: boost.id };
  });
  const charge: ModelCharge = {
    paymentId: opened.paymentId,
    planId: null,
    title: product.name,
    amountCents: product.priceCents,
    payer,
    expiresAt: input.expiresAt,
    // The boost goes with its payment (foreign key on delete cascade).
    undo: () => db.delete(modelPayments).where(eq(modelPayments.id, opened.paymentId)),
  };
  return { ...opened, product, charge };
}

/** POST /api/models/boosts/pix: the product's Mercado Pago Pix, payable for PROVIDER_PIX_MINUTES. */
export async function startBoostPix(input: { db: Db; checkout: Checkout } & Purchase) {
  const expiresAt = new Date(Date.now() + PROVIDER_PIX_MINUTES * MINUTE_MS);
  const opened = await openBoost(input.db, { ...input, method: "mercadopago_pix", expiresAt });
  const pix = await chargeModelPix(input.db, input.checkout, opened.charge);
  return { ...opened, expiresAt, ...pix };
}

/** POST /api/models/boosts/checkout: the product's Checkout Pro link (card or Pix), valid for 3 days. */
export async function startBoostCheckout(input: { db: Db; checkout: Checkout } & Purchase) {
  const expiresAt = new Date(Date.now() + MODEL_LINK_MS);
  const opened = await openBoost(input.db, { ...input, method: "mercadopago", expiresAt });
  const preference = await chargeModelCheckout(input.db, input.checkout, opened.charge);
  return { ...opened, preference };
}
