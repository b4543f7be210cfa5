import {
  CreateModelPaymentBodySchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeySchema,
  IdParamsSchema,
  INVALID_AMOUNT_MESSAGE,
  ModelPaymentResponseSchema,
  ModelPaymentsResponseSchema,
  ModelPaymentStatusBodySchema,
  SuccessSchema,
} from "@vitrine/contracts";
import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { validationError } from "../../lib/app-error";
import { presentModelPayment } from "./present";
import { createModelPayment, deleteModelPayment, listModelPayments, updatePaymentStatus } from "./service";

/**
 * A body that fails validation. When only the amount is wrong, the message is the amount's own ("Valor inválido.
 * Use números (ex.: 59.90)"), which the payment form shows as it is.
 */
function paymentValidationError(error: FastifyError) {
  const details = (error.validation ?? []).map((v) => ({
    path: v.instancePath.replace(/^\//, "").replace(/\//g, ".") || String(error.validationContext ?? ""),
    message: v.message ?? "Valor inválido",
  }));
  const onlyAmount = details.length > 0 && details.every((d) => d.path === "amount");
  return validationError(details, onlyAmount ? INVALID_AMOUNT_MESSAGE : undefined);
}

/** The request's Idempotency-Key (contracts: IDEMPOTENCY_KEY_HEADER), if it sent one; a malformed one is 400. */
function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const name = IDEMPOTENCY_KEY_HEADER.toLowerCase();
  const value = headers[name];
  if (value === undefined) return undefined;
  const parsed = IdempotencyKeySchema.safeParse(value);
  if (!parsed.success)
    throw validationError([{ path: IDEMPOTENCY_KEY_HEADER, message: parsed.error.issues[0].message }]);
  return parsed.data;
}

/** A model's payments: /api/admin/models/:id/payments and /api/admin/model-payments/:id (admin scope). */
export const modelPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/models/:id/payments",
    { schema: { params: IdParamsSchema, response: { 200: ModelPaymentsResponseSchema } } },
    async (request) => {
      const { model, rows, today } = await listModelPayments({ db: app.db, modelId: request.params.id });
      return {
        payments: rows.map(presentModelPayment),
        model: { id: model.id, name: model.name, next_due_date: model.nextDueDate, plan_id: model.planId },
        today,
      };
    },
  );

  app.post(
    "/models/:id/payments",
    {
      attachValidation: true,
      schema: {
        params: IdParamsSchema,
        body: CreateModelPaymentBodySchema,
        response: { 201: ModelPaymentResponseSchema },
      },
    },
    async (request, reply) => {
      if (request.validationError) throw paymentValidationError(request.validationError as FastifyError);
      const { payment } = await createModelPayment({
        db: app.db,
        adminId: request.adminId,
        modelId: request.params.id,
        body: request.body,
        idempotencyKey: idempotencyKeyOf(request.headers),
      });
      await app.events.deliver();
      reply.code(201);
      return { payment: presentModelPayment(payment) };
    },
  );

  app.patch(
    "/model-payments/:id/status",
    {
      schema: {
        params: IdParamsSchema,
        body: ModelPaymentStatusBodySchema,
        response: { 200: ModelPaymentResponseSchema },
      },
    },
    async (request) => {
      const { payment } = await updatePaymentStatus({
        db: app.db,
        adminId: request.adminId,
        paymentId: request.params.id,
        body: request.body,
      });
      await app.events.deliver();
      return { payment: presentModelPayment(payment) };
    },
  );

  app.delete(
    "/model-payments/:id",
    { schema: { params: IdParamsSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await deleteModelPayment({ db: app.db, adminId: request.adminId, paymentId: request.params.id });
      await app.events.deliver();
      return { success: true as const };
    },
  );
};
