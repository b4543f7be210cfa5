import type { IncomingMessage, ServerResponse } from "node:http";
import { mpNow, sendJson } from "./http";
import type { FakeLedger } from "./ledger";
import type { FakePreference } from "./types";

const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/**
 * The REST API of the fake Mercado Pago, as far as the server uses it: Checkout Pro preferences and Pix payments
 * (both replayed by their X-Idempotency-Key), reading a payment, searching payments by external_reference, and a
 * full refund of an approved payment (POST /v1/payments/{id}/refunds, replayed by its key; the payment becomes
 * "refunded", as Mercado Pago then notifies).
 */
export function createApiHandler(input: {
  ledger: FakeLedger;
  /** Access tokens it accepts; any non-empty bearer token when not given. */
  accessTokens?: string[];
  /** Address the browser uses to reach the simulator (its checkout and ticket links). */
  publicUrl: () => string;
}) {
  const { ledger, publicUrl } = input;
  const idempotent = new Map<string, { status: number; body: unknown }>();

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, raw: string): Promise<void> {
    const method = req.method ?? "GET";
    const auth = req.headers.authorization ?? "";
    const token = auth.startsWith("Bearer ") ? auth.slice(7).trim() : "";
    if (!token || (input.accessTokens && !input.accessTokens.includes(token))) {
      sendJson(res, 401, { message: "invalid access token", error: "unauthorized", status: 401, cause: [] });
      return;
    }
    let body: Record<string, unknown> = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        sendJson(res, 400, { message: "invalid json", error: "bad_request", status: 400 });
        return;
      }
    }
    const key = req.headers["x-idempotency-key"];
    const idemKey = typeof key === "string" ? `${url.pathname}|${key}` : undefined;

    if (method === "POST" && url.pathname === "/checkout/preferences") {
      if (idemKey && idempotent.has(idemKey)) {
        const replay = idempotent.get(idemKey)!;
        sendJson(res, replay.status, replay.body);
        return;
      }
      const pref = body as FakePreference["body"];
      if (!Array.isArray(pref.items) || pref.items.length === 0) {
        sendJson(res, 400, { message: "items needed", error: "invalid_items", status: 400 });
        return;
      }
      if (pref.auto_return && !pref.back_urls?.success) {
        sendJson(res, 400, {
          message: "auto_return invalid. back_url.success must be defined",
          error: "invalid_auto_return",
          status: 400,
        });
        return;
      }
      const id = ledger.nextPreferenceId();
      const created: FakePreference = {
        id,
        init_point: `${publicUrl()}/checkout/v1/redirect?pref_id=${id}`,
        body: pref,
      };
      ledger.preferences.set(id, created);
      const answer = { id, init_point: created.init_point, ...pref, date_created: mpNow() };
      if (idemKey) idempotent.set(idemKey, { status: 201, body: answer });
      sendJson(res, 201, answer);
      return;
    }

    if (method === "POST" && url.pathname === "/v1/payments") {
      if (!idemKey) {
        sendJson(res, 400, { message: "X-Idempotency-Key header is required", error: "bad_request", status: 400 });
        return;
      }
      const replay = idempotent.get(idemKey);
      if (replay) {
        sendJson(res, replay.status, replay.body);
        return;
      }
      if (body.payment_method_id !== "pix" || typeof body.transaction_amount !== "number") {
        sendJson(res, 400, { message: "only pix is simulated", error: "bad_request", status: 400 });
        return;
      }
      const expiration = typeof body.date_of_expiration === "string" ? Date.parse(body.date_of_expiration) : NaN;
      const ahead = expiration - Date.now();
      if (Number.isNaN(expiration) || ahead < 29 * 60_000 || ahead > 30 * 86_400_000) {
        sendJson(res, 400, { message: "date_of_expiration out of range", error: "bad_request", status: 400 });
        return;
      }
      const payment = ledger.newPayment({
        status: "pending",
        status_detail: "pending_waiting_transfer",
        transaction_amount: body.transaction_amount,
        description: String(body.description ?? ""),
        external_reference: typeof body.external_reference === "string" ? body.external_reference : null,
        notification_url: typeof body.notification_url === "string" ? body.notification_url : null,
        date_of_expiration: String(body.date_of_expiration),
      });
      payment.point_of_interaction = {
        transaction_data: {
          qr_code: `00020126580014br.gov.bcb.pix0136fake-${payment.id}520400005303986540${payment.transaction_amount.toFixed(2)}5802BR5913MERCADO PAGO6009SAO PAULO62070503***6304ABCD`,
          qr_code_base64: PNG_1X1,
          ticket_url: `${publicUrl()}/simulator/payments/${payment.id}`,
        },
      };
      idempotent.set(idemKey, { status: 201, body: payment });
      sendJson(res, 201, payment);
      return;
    }

    if (method === "GET" && url.pathname === "/v1/payments/search") {
      const ref = url.searchParams.get("external_reference");
      const results = [...ledger.payments.values()]
        .filter((p) => !ref || p.external_reference === ref)
        .sort((a, b) => b.id - a.id);
      sendJson(res, 200, { paging: { total: results.length, limit: 30, offset: 0 }, results });
      return;
    }

    const refundMatch = /^\/v1\/payments\/(\d+)\/refunds$/.exec(url.pathname);
    if (method === "POST" && refundMatch) {
      if (!idemKey) {
        sendJson(res, 400, { message: "X-Idempotency-Key header is required", error: "bad_request", status: 400 });
        return;
      }
      const replay = idempotent.get(idemKey);
      if (replay) {
        sendJson(res, replay.status, replay.body);
        return;
      }
      const payment = ledger.payments.get(Number(refundMatch[1]));
      if (!payment) {
        sendJson(res, 404, { message: "Payment not found", error: "not_found", status: 404, cause: [] });
        return;
      }
      if (payment.status !== "approved") {
        sendJson(res, 400, { message: "Payment not refundable", error: "bad_request", status: 400, cause: [] });
        return;
      }
      const refunded = ledger.refund(payment.id);
      const answer = {
        id: ledger.nextRefundId(),
        payment_id: refunded.id,
        amount: refunded.transaction_amount,
        status: "approved",
        date_created: mpNow(),
      };
      ledger.refunds.push(answer);
      idempotent.set(idemKey, { status: 201, body: answer });
      sendJson(res, 201, answer);
      // Mercado Pago then notifies the payment's change, like any other.
      setImmediate(() => void ledger.notifyQuietly(refunded.id));
      return;
    }

    const match = /^\/v1\/payments\/(\d+)$/.exec(url.pathname);
    if (method === "GET" && match) {
      const payment = ledger.payments.get(Number(match[1]));
      if (!payment) sendJson(res, 404, { message: "Payment not found", error: "not_found", status: 404, cause: [] });
      else sendJson(res, 200, payment);
      return;
    }
    sendJson(res, 404, { message: "resource not found", error: "not_found", status: 404 });
  }

  return handleApi;
}
