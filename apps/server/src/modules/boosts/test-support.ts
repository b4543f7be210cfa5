import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { boostProducts, modelPayments } from "../../db/schema";
import type { FakeMercadoPago } from "../../fake-mercadopago/fake-mercadopago";
import { buildPhoto, makeVisible, registerModel } from "../../test/factories";
import { reconcileRecord } from "../payments/reconcile";

/** The seeded product of a kind and days (migration 0046): "Destaque 7 dias" is featured/7. */
export async function productOf(app: FastifyInstance, kind: "featured" | "bump", days: number): Promise<number> {
  const [row] = await app.db
    .select({ id: boostProducts.id })
    .from(boostProducts)
    .where(and(eq(boostProducts.kind, kind), eq(boostProducts.days, days)));
  if (!row) throw new Error(`no boost product ${kind}/${days}`);
  return row.id;
}

/** A registered advertiser the public sees in São Paulo, with one public photo: her token and id. */
export async function publicAdvertiser(app: FastifyInstance) {
  const model = await registerModel(app);
  await makeVisible(app, model.id);
  await buildPhoto(app, model.id);
  return model;
}

/**
 * She buys the product by Mercado Pago Pix through her route: the boost's id, its payment's id and the Pix
 * payment's id at the fake.
 */
export async function buyByPix(
  app: FastifyInstance,
  token: string,
  productId: number,
  bumpHour: number | null = null,
): Promise<{ boostId: number; paymentId: number; mpId: number }> {
  const res = await app.inject({
    method: "POST",
    url: "/api/models/boosts/pix",
    headers: { authorization: `Bearer ${token}` },
    payload: { product_id: productId, bump_hour: bumpHour },
  });
  if (res.statusCode !== 200) throw new Error(`buy boost: ${res.statusCode} ${res.body}`);
  const body = res.json() as { boost_id: number; payment_id: number };
  const [payment] = await app.db.select().from(modelPayments).where(eq(modelPayments.id, body.payment_id));
  return { boostId: body.boost_id, paymentId: body.payment_id, mpId: Number(payment.paymentId) };
}

/**
 * A boost paid and waiting for review: bought by Pix, approved at the fake Mercado Pago and settled by the
 * server's reconciliation (the same settlement as a webhook).
 */
export async function boostAwaitingReview(
  app: FastifyInstance,
  fake: FakeMercadoPago,
  opts: { token?: string; kind?: "featured" | "bump"; days?: number; bumpHour?: number | null } = {},
) {
  const model = opts.token ? null : await publicAdvertiser(app);
  const token = opts.token ?? model!.token;
  const productId = await productOf(app, opts.kind ?? "featured", opts.days ?? 7);
  const bought = await buyByPix(app, token, productId, opts.bumpHour ?? null);
  fake.setStatus(bought.mpId, "approved", "accredited");
  await reconcileRecord({ app, ref: { kind: "model_payment", id: bought.paymentId } });
  return { ...bought, token, modelId: model?.id };
}
