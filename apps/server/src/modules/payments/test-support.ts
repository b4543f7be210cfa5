import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { type ModelEvent } from "../../plugins/events";
import { modelPayments, models, orders } from "../../db/schema";
import { startFakeMercadoPago, type FakeMercadoPago } from "../../fake-mercadopago/fake-mercadopago";
import { buildModel, buildOrder, buildPayment, buildPlan, setSetting, type QuickModel } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/helper";
import { withoutId } from "../../test/events";

/** A test app listening on a real port, with Mercado Pago configured to the local fake. */
export type PaymentsContext = {
  ctx: TestContext;
  fake: FakeMercadoPago;
  /** http://127.0.0.1:port of the app. */
  base: string;
  /** Every event the app published since the start. */
  events: ModelEvent[];
  close: () => Promise<void>;
};

export const ACCESS_TOKEN = "TEST-0000-fake-token";

export async function startPaymentsContext(): Promise<PaymentsContext> {
  const fake = await startFakeMercadoPago({ accessTokens: [ACCESS_TOKEN] });
  const ctx = await createTestContext({ mercadoPagoApiUrl: fake.url });
  await setSetting(ctx.app, "mp_access_token_test", ACCESS_TOKEN);
  await setSetting(ctx.app, "mp_webhook_secret", fake.webhookSecret);
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = ctx.app.server.address() as AddressInfo;
  const events: ModelEvent[] = [];
  ctx.app.events.subscribe((event) => events.push(withoutId(event)));
  return {
    ctx,
    fake,
    base: `http://127.0.0.1:${port}`,
    events,
    close: async () => {
      await ctx.close();
      await fake.close();
    },
  };
}

/** A model (hidden unless told otherwise: inactive, never paid) with a pending Checkout Pro payment for a plan. */
export async function pendingPlanPayment(
  p: PaymentsContext,
  opts: { model?: QuickModel; amountCents?: number; periodType?: string; method?: string; paymentId?: string } = {},
) {
  const modelId = await buildModel(p.ctx.app, { isActive: false, validDays: null, ...opts.model });
  const periodType = opts.periodType ?? "monthly";
  const amountCents = opts.amountCents ?? 5990;
  const planId = await buildPlan(p.ctx.app, { priceCents: amountCents, periodType });
  const paymentId = await buildPayment(p.ctx.app, {
    modelId,
    planId,
    planName: "Plano Teste",
    periodType,
    amountCents,
    method: opts.method ?? "mercadopago",
    status: "pending",
    paidAt: null,
    dueDate: null,
    paymentId: opts.paymentId ?? null,
    preferenceId: opts.paymentId ? null : `pref-${modelId}`,
  });
  return { modelId, planId, paymentId, ref: `model_payment:${paymentId}`, amount: amountCents / 100 };
}

export async function modelRow(p: PaymentsContext, id: number) {
  const [row] = await p.ctx.app.db.select().from(models).where(eq(models.id, id));
  return row!;
}

export async function paymentRow(p: PaymentsContext, id: number) {
  const [row] = await p.ctx.app.db.select().from(modelPayments).where(eq(modelPayments.id, id));
  return row!;
}

export async function orderRow(p: PaymentsContext, id: number) {
  const [row] = await p.ctx.app.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** A pending "Pix via Mercado Pago" order of 49,90. */
export async function pendingOrder(p: PaymentsContext, opts: { amountCents?: number } = {}) {
  const amountCents = opts.amountCents ?? 4990;
  const id = await buildOrder(p.ctx.app, { method: "mercadopago_pix", amountCents, preferenceId: "pref-order" });
  return { id, ref: `order:${id}`, amount: amountCents / 100 };
}

/** The GETs of payments the fake has answered (or refused) so far. */
export const paymentReads = (fake: FakeMercadoPago) =>
  fake.calls.filter((c) => c.method === "GET" && c.path.startsWith("/v1/payments")).length;
