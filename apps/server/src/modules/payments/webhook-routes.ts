import { PAYMENT_PROVIDER_FAILED } from "@vitrine/contracts";
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import { AppError, unauthorized } from "../../lib/app-error";
import { ProviderError } from "../../lib/mercadopago";
import { isSignatureFresh, verifyWebhookSignature } from "../../lib/webhook-signature";
import { clientFor, loadProviderSettings, type ProviderSettings } from "./provider";
import { settleProviderPayment } from "./settle";

/**
 * Mercado Pago's notifications: POST /api/payments/webhook (orders) and POST /api/payments/webhook/model (plan
 * payments). A notification only says "payment N changed": the body is never read, the payment is re-read at
 * Mercado Pago and settled by its external_reference, whichever of the two addresses it came to.
 */

export const WEBHOOK_SIGNATURE_INVALID = "Assinatura do webhook inválida";
/** Mercado Pago gives up on an answer after 22 s; ours comes well before (a 503 asks it to retry). */
export const WEBHOOK_DEADLINE_MS = 15_000;
/** Unsigned legacy hints (`?topic=payment&id=N`) per client address per minute. */
export const WEBHOOK_HINTS_PER_MINUTE = 30;
/** A notification body is a few hundred bytes; it is discarded unread. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** What a notification asks for, decided from the headers and the query string before any body is read. */
type Notice =
  | { kind: "ignore" }
  | { kind: "payment"; paymentId: string; signed: true; provider: ProviderSettings }
  | { kind: "payment"; paymentId: string; signed: false };

const notices = new WeakMap<FastifyRequest, Notice>();

const PAYMENT_ID = /^\d{1,20}$/;

const providerUnavailable = () => new AppError(503, "PROVIDER_UNAVAILABLE", PAYMENT_PROVIDER_FAILED);

class DeadlineExceeded extends Error {}

async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded()), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

const single = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/**
 * Reads what a notification is from its query string and headers:
 * - `?topic=…&id=…` (legacy IPN, never signed): a payment topic is a hint to re-read that payment, nothing more;
 *   other topics (merchant_order, …) are ignored;
 * - anything else must carry a valid `x-signature` over `data.id` from the query string, `x-request-id` and `ts`,
 *   keyed with the `mp_webhook_secret` setting, and its `ts` within MERCADOPAGO_WEBHOOK_TOLERANCE_S of now;
 *   otherwise 401 and nothing is read. A signed notification of a type other than payment is ignored.
 */
async function classify(app: FastifyInstance, request: FastifyRequest): Promise<Notice> {
  const query = request.query as Record<string, unknown>;
  const topic = single(query.topic);
  const dataId = single(query["data.id"]);
  if (topic !== undefined && query["data.id"] === undefined) {
    const id = single(query.id);
    return topic === "payment" && id && PAYMENT_ID.test(id)
      ? { kind: "payment", paymentId: id, signed: false }
      : { kind: "ignore" };
  }
  const provider = await loadProviderSettings(app.db);
  if (!provider.webhookSecret) request.log.warn("webhook do Mercado Pago recusado: mp_webhook_secret não configurado");
  const header = single(request.headers["x-signature"]);
  const valid = verifyWebhookSignature({
    secret: provider.webhookSecret,
    header,
    requestId: single(request.headers["x-request-id"]),
    dataId,
  });
  if (!valid || !isSignatureFresh(header, Date.now(), app.config.mercadoPagoWebhookToleranceS)) {
    throw unauthorized(WEBHOOK_SIGNATURE_INVALID);
  }
  const type = single(query.type) ?? "payment";
  return type === "payment" && dataId && PAYMENT_ID.test(dataId)
    ? { kind: "payment", paymentId: dataId, signed: true, provider }
    : { kind: "ignore" };
}

export const paymentWebhookRoutes: FastifyPluginAsync = async (app) => {
  // Whatever Mercado Pago sends (application/json today) is accepted and thrown away unread.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, _body, done) =>
    done(null, undefined),
  );

  app.addHook("onRequest", async (request) => {
    notices.set(request, await classify(app, request));
  });

  const hintLimit = {
    max: WEBHOOK_HINTS_PER_MINUTE,
    timeWindow: "1 minute",
    // Only unsigned hints count: a signed notification is Mercado Pago's own and is never throttled.
    allowList: (request: FastifyRequest) => {
      const notice = notices.get(request);
      return notice?.kind !== "payment" || notice.signed;
    },
  };

  const handle = async (request: FastifyRequest) => {
    const notice = notices.get(request);
    if (!notice || notice.kind === "ignore") return { received: true };
    const provider = notice.signed ? notice.provider : await loadProviderSettings(app.db);
    const client = clientFor(app, provider);
    if (!client) {
      request.log.warn("webhook do Mercado Pago: nenhum access token configurado");
      throw providerUnavailable();
    }
    try {
      const outcome = await withDeadline(
        settleProviderPayment({ app, client, provider, providerPaymentId: notice.paymentId }),
        WEBHOOK_DEADLINE_MS,
      );
      if (outcome.changed) {
        request.log.info({ providerPaymentId: notice.paymentId, ...outcome }, "pagamento do Mercado Pago aplicado");
      }
    } catch (err) {
      if (err instanceof ProviderError || err instanceof DeadlineExceeded) {
        request.log.warn({ err, providerPaymentId: notice.paymentId }, "Mercado Pago ilegível: webhook a repetir");
        throw providerUnavailable();
      }
      throw err;
    }
    return { received: true };
  };

  const options = { config: { rateLimit: hintLimit } };
  app.post("/webhook", options, handle);
  app.post("/webhook/model", options, handle);
};
