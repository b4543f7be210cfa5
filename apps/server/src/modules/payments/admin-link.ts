import { type AdminPaymentRequestBodySchema, toCents } from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { modelPayments, plans } from "../../db/schema";
import { notFound } from "../../lib/app-error";
import { auditAdminChange } from "../audit/service";
import { lockModelForAdmin } from "../models/lock-model";
import { chargeOrUndo, type Checkout, createModelPreference, MODEL_LINK_MS, PLAN_NOT_FOUND } from "./checkout";
import type { RecordRef } from "./provider";

/** The admin's "Gerar link de pagamento" failure text. */
export const PAYMENT_LINK_FAILED = "Erro ao gerar link de pagamento";

type AdminLinkBody = z.output<typeof AdminPaymentRequestBodySchema>;

/**
 * POST /api/payments/admin/generate-link: a pending "mercadopago" payment of the admin's amount for a model
 * (with the plan's name and period when a plan is given) and its Checkout Pro link, valid for 3 days. The
 * pending payment is committed before Mercado Pago is called; the link and the admin's audit row are stored
 * together once it answers. When the call fails the payment is removed again and no audit row is written.
 */
export async function generatePaymentLink(input: { db: Db; checkout: Checkout; adminId: number; body: AdminLinkBody }) {
  const { db, checkout, adminId, body } = input;
  const amountCents = toCents(body.amount);
  const expiresAt = new Date(Date.now() + MODEL_LINK_MS);
  const created = await db.transaction(async (tx) => {
    const model = await lockModelForAdmin(tx, body.model_id);
    const [plan] = body.plan_id
      ? await tx
          .select({ id: plans.id, name: plans.name, periodType: plans.periodType })
          .from(plans)
          .where(eq(plans.id, body.plan_id))
      : [];
    if (body.plan_id && !plan) throw notFound(PLAN_NOT_FOUND);
    const [payment] = await tx
      .insert(modelPayments)
      .values({
        modelId: model.id,
        planId: plan?.id ?? null,
        planName: plan?.name ?? null,
        periodType: plan?.periodType ?? null,
        amountCents,
        method: "mercadopago",
        description: body.description,
        status: "pending",
        expiresAt,
      })
      .returning({ id: modelPayments.id });
    return { paymentId: payment.id, plan, payer: { name: model.name, email: model.email } };
  });
  const { paymentId, plan, payer } = created;
  const ref: RecordRef = { kind: "model_payment", id: paymentId };
  const preference = await chargeOrUndo(
    checkout,
    PAYMENT_LINK_FAILED,
    async () => {
      const answer = await createModelPreference(checkout, {
        ref,
        planId: plan?.id ?? null,
        title: plan?.name ?? body.description,
        amountCents,
        payer,
        expiresAt,
      });
      // The link exists now: it is stored with the admin's audit row, in one transaction. The audit log is only
      // ever appended to, so a link that failed leaves no row to take back.
      await db.transaction(async (tx) => {
        await tx
          .update(modelPayments)
          .set({ preferenceId: answer.id, paymentLink: answer.init_point })
          .where(eq(modelPayments.id, paymentId));
        await auditAdminChange(tx, adminId, "payment.link", ["model_payment", paymentId], {
          model_id: body.model_id,
          amount_cents: amountCents,
          plan_id: plan?.id ?? null,
          preference_id: answer.id,
          expires_at: expiresAt.toISOString(),
        });
      });
      return answer;
    },
    () => db.delete(modelPayments).where(eq(modelPayments.id, paymentId)),
  );
  return { paymentId, preference };
}
