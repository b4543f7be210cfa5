import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { signWebhook } from "../lib/webhook-signature";
import { renderPaymentPage, renderPreferencePage, renderResultPage } from "./simulator-page";

/**
 * A local stand-in for Mercado Pago's REST API, for the tests and the demo (never for production: it refuses to
 * start when NODE_ENV=production). It speaks the parts of the API the server uses — Checkout Pro preferences,
 * Pix payments, reading and searching payments, idempotency keys — and serves a "Simulador Mercado Pago" page
 * where a person approves, rejects or refunds a checkout; each of those sends a correctly signed webhook to the
 * notification_url, as Mercado Pago would. Tests drive the same state through the methods below.
 */

export type FakePayment = {
  id: number;
  status: string;
  status_detail: string;
  external_reference: string | null;
  transaction_amount: number;
  currency_id: string;
  description: string;
  payment_method_id: string;
  payment_type_id: string;
  date_created: string;
  date_approved: string | null;
  date_last_updated: string;
  date_of_expiration: string | null;
  notification_url: string | null;
  preference_id: string | null;
  point_of_interaction?: {
    transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string };
  };
};

export type FakePreference = {
  id: string;
  init_point: string;
  body: {
    items: Array<{ id?: string; title: string; quantity: number; unit_price: number; currency_id?: string }>;
    back_urls?: { success?: string; pending?: string; failure?: string };
    auto_return?: string;
    notification_url?: string;
    external_reference?: string;
    binary_mode?: boolean;
    payment_methods?: { excluded_payment_types?: Array<{ id: string }> };
    payer?: { name?: string; email?: string };
    [key: string]: unknown;
  };
};

export type RecordedCall = {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
};

/** What the next matching calls do instead of answering: a 500, or no answer at all until the caller gives up. */
export type FakeFailure = { mode: "error500" | "timeout"; times: number; match?: RegExp };

export type FakeMercadoPago = {
  /** Base URL of the API (give it to the server as MERCADOPAGO_API_URL). */
  url: string;
  webhookSecret: string;
  preferences: Map<string, FakePreference>;
  payments: Map<number, FakePayment>;
  calls: RecordedCall[];
  /** Makes the next `times` calls whose "METHOD /path" matches fail (all calls when no match is given). */
  fail(failure: FakeFailure): void;
  /** A payment as if a buyer had paid (or tried to pay) for one of our records. */
  createPayment(input: {
    external_reference: string;
    amount: number;
    status?: string;
    currency_id?: string;
    notification_url?: string | null;
    preference_id?: string | null;
  }): FakePayment;
  setStatus(id: number, status: string, statusDetail?: string): FakePayment;
  /** A buyer completing a Checkout Pro preference: a new payment for its total, with the given status. */
  payPreference(preferenceId: string, status: "approved" | "rejected"): FakePayment;
  /** Refunds a payment (status refunded). */
  refund(id: number): FakePayment;
  /**
   * Sends the webhook Mercado Pago would send for the payment to its notification_url (or `url`), signed with the
   * secret (or `secret`); answers the HTTP status the server gave.
   */
  notify(id: number, options?: { url?: string; secret?: string; requestId?: string }): Promise<number>;
  close(): Promise<void>;
};

const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(html);
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location });
  res.end();
}

/** Mercado Pago's date format, in São Paulo's offset. */
function mpNow(): string {
  const shifted = new Date(Date.now() - 3 * 3_600_000);
  return `${shifted.toISOString().slice(0, 23)}-03:00`;
}

/** Adds the query parameters Mercado Pago appends to a back URL. */
function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

export async function startFakeMercadoPago(
  options: {
    port?: number;
    host?: string;
    webhookSecret?: string;
    /** Address the browser uses to reach the simulator (defaults to the API's own URL). */
    publicUrl?: string;
    /** Access tokens it accepts; any non-empty bearer token when not given. */
    accessTokens?: string[];
  } = {},
): Promise<FakeMercadoPago> {
  if (process.env.NODE_ENV === "production") {
    throw new Error("O Mercado Pago simulado não pode rodar com NODE_ENV=production");
  }
  const preferences = new Map<string, FakePreference>();
  const payments = new Map<number, FakePayment>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const calls: RecordedCall[] = [];
  const failures: FakeFailure[] = [];
  const hanging = new Set<ServerResponse>();
  let nextPaymentId = 1_000_000_001;
  let nextPreference = 1;
  const webhookSecret = options.webhookSecret ?? "fake-webhook-secret";

  const fake = {} as FakeMercadoPago;

  function takeFailure(signature: string): FakeFailure | undefined {
    const i = failures.findIndex((f) => !f.match || f.match.test(signature));
    if (i < 0) return undefined;
    const failure = failures[i];
    failure.times -= 1;
    if (failure.times <= 0) failures.splice(i, 1);
    return failure;
  }

  function newPayment(input: Partial<FakePayment> & { transaction_amount: number }): FakePayment {
    const now = mpNow();
    const payment: FakePayment = {
      id: nextPaymentId++,
      status: "pending",
      status_detail: "pending_waiting_payment",
      external_reference: null,
      currency_id: "BRL",
      description: "",
      payment_method_id: "pix",
      payment_type_id: "bank_transfer",
      date_created: now,
      date_approved: null,
      date_last_updated: now,
      date_of_expiration: null,
      notification_url: null,
      preference_id: null,
      ...input,
    };
    if (payment.status === "approved") payment.date_approved = now;
    payments.set(payment.id, payment);
    return payment;
  }

  function setStatus(id: number, status: string, statusDetail?: string): FakePayment {
    const payment = payments.get(id);
    if (!payment) throw new Error(`pagamento ${id} desconhecido`);
    payment.status = status;
    payment.status_detail = statusDetail ?? status;
    payment.date_last_updated = mpNow();
    if (status === "approved" && !payment.date_approved) payment.date_approved = payment.date_last_updated;
    return payment;
  }

  function preferenceTotal(pref: FakePreference): number {
    const cents = pref.body.items.reduce((sum, i) => sum + Math.round(i.unit_price * 100) * (i.quantity || 1), 0);
    return cents / 100;
  }

  function payPreference(preferenceId: string, status: "approved" | "rejected"): FakePayment {
    const pref = preferences.get(preferenceId);
    if (!pref) throw new Error(`preferência ${preferenceId} desconhecida`);
    const onlyPix = (pref.body.payment_methods?.excluded_payment_types ?? []).some((t) => t.id === "credit_card");
    return newPayment({
      status,
      status_detail: status === "approved" ? "accredited" : "cc_rejected_other_reason",
      external_reference: pref.body.external_reference ?? null,
      transaction_amount: preferenceTotal(pref),
      description: pref.body.items[0]?.title ?? "",
      payment_method_id: onlyPix ? "pix" : "master",
      payment_type_id: onlyPix ? "bank_transfer" : "credit_card",
      notification_url: pref.body.notification_url ?? null,
      preference_id: pref.id,
    });
  }

  async function notify(id: number, opts: { url?: string; secret?: string; requestId?: string } = {}) {
    const payment = payments.get(id);
    if (!payment) throw new Error(`pagamento ${id} desconhecido`);
    const target = opts.url ?? payment.notification_url;
    if (!target) throw new Error(`pagamento ${id} sem notification_url`);
    const url = new URL(target);
    url.searchParams.set("data.id", String(id));
    url.searchParams.set("type", "payment");
    const requestId = opts.requestId ?? randomUUID();
    const ts = String(Math.floor(Date.now() / 1000));
    const signature = signWebhook({ secret: opts.secret ?? webhookSecret, dataId: String(id), requestId, ts });
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": signature, "x-request-id": requestId },
      body: JSON.stringify({
        id: Math.floor(Math.random() * 1e12),
        live_mode: false,
        type: "payment",
        date_created: mpNow(),
        user_id: 123456789,
        api_version: "v1",
        action: "payment.updated",
        data: { id: String(id) },
      }),
      signal: AbortSignal.timeout(25_000),
    });
    await response.arrayBuffer();
    return response.status;
  }

  /** Notifies and swallows a failure (the simulator page must still answer when the site is down). */
  async function notifyQuietly(id: number) {
    try {
      return await notify(id);
    } catch {
      return 0;
    }
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, raw: string): Promise<void> {
    const method = req.method ?? "GET";
    const auth = req.headers.authorization ?? "";
    const token = auth.startsWith("Bearer ") ? auth.slice(7).trim() : "";
    if (!token || (options.accessTokens && !options.accessTokens.includes(token))) {
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
      const id = `123456789-${String(nextPreference++).padStart(8, "0")}-fake`;
      const base = options.publicUrl ?? fake.url;
      const created: FakePreference = { id, init_point: `${base}/checkout/v1/redirect?pref_id=${id}`, body: pref };
      preferences.set(id, created);
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
      const payment = newPayment({
        status: "pending",
        status_detail: "pending_waiting_transfer",
        transaction_amount: body.transaction_amount,
        description: String(body.description ?? ""),
        external_reference: typeof body.external_reference === "string" ? body.external_reference : null,
        notification_url: typeof body.notification_url === "string" ? body.notification_url : null,
        date_of_expiration: String(body.date_of_expiration),
      });
      const base = options.publicUrl ?? fake.url;
      payment.point_of_interaction = {
        transaction_data: {
          qr_code: `00020126580014br.gov.bcb.pix0136fake-${payment.id}520400005303986540${payment.transaction_amount.toFixed(2)}5802BR5913MERCADO PAGO6009SAO PAULO62070503***6304ABCD`,
          qr_code_base64: PNG_1X1,
          ticket_url: `${base}/simulator/payments/${payment.id}`,
        },
      };
      idempotent.set(idemKey, { status: 201, body: payment });
      sendJson(res, 201, payment);
      return;
    }

    if (method === "GET" && url.pathname === "/v1/payments/search") {
      const ref = url.searchParams.get("external_reference");
      const results = [...payments.values()]
        .filter((p) => !ref || p.external_reference === ref)
        .sort((a, b) => b.id - a.id);
      sendJson(res, 200, { paging: { total: results.length, limit: 30, offset: 0 }, results });
      return;
    }

    const match = /^\/v1\/payments\/(\d+)$/.exec(url.pathname);
    if (method === "GET" && match) {
      const payment = payments.get(Number(match[1]));
      if (!payment) sendJson(res, 404, { message: "Payment not found", error: "not_found", status: 404, cause: [] });
      else sendJson(res, 200, payment);
      return;
    }
    sendJson(res, 404, { message: "resource not found", error: "not_found", status: 404 });
  }

  async function handleSimulator(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const method = req.method ?? "GET";
    if (method === "GET" && url.pathname === "/checkout/v1/redirect") {
      const pref = preferences.get(url.searchParams.get("pref_id") ?? "");
      if (!pref) sendHtml(res, 404, renderResultPage("Checkout não encontrado", "Este link de pagamento não existe."));
      else sendHtml(res, 200, renderPreferencePage(pref, preferenceTotal(pref), paymentsOf(pref.id)));
      return true;
    }
    const prefAction = /^\/simulator\/preferences\/([^/]+)\/(approve|reject|refund)$/.exec(url.pathname);
    if (method === "POST" && prefAction) {
      const pref = preferences.get(decodeURIComponent(prefAction[1]));
      if (!pref) {
        sendHtml(res, 404, renderResultPage("Checkout não encontrado", "Este link de pagamento não existe."));
        return true;
      }
      const action = prefAction[2];
      if (action === "refund") {
        const paid = paymentsOf(pref.id).find((p) => p.status === "approved");
        if (!paid) {
          sendHtml(res, 409, renderResultPage("Nada a estornar", "Nenhum pagamento aprovado neste checkout."));
          return true;
        }
        refund(paid.id);
        await notifyQuietly(paid.id);
        sendHtml(res, 200, renderResultPage("Pagamento estornado", `O pagamento ${paid.id} foi estornado.`));
        return true;
      }
      const payment = payPreference(pref.id, action === "approve" ? "approved" : "rejected");
      await notifyQuietly(payment.id);
      const back = pref.body.back_urls ?? {};
      const target = payment.status === "approved" ? back.success : back.failure;
      if (!target) {
        sendHtml(res, 200, renderResultPage("Pagamento concluído", `Pagamento ${payment.id}: ${payment.status}.`));
        return true;
      }
      redirect(
        res,
        withQuery(target, {
          collection_id: String(payment.id),
          collection_status: payment.status,
          payment_id: String(payment.id),
          status: payment.status,
          external_reference: payment.external_reference ?? "",
          payment_type: payment.payment_type_id,
          preference_id: pref.id,
          site_id: "MLB",
          processing_mode: "aggregator",
        }),
      );
      return true;
    }
    const payPage = /^\/simulator\/payments\/(\d+)$/.exec(url.pathname);
    if (method === "GET" && payPage) {
      const payment = payments.get(Number(payPage[1]));
      if (!payment) sendHtml(res, 404, renderResultPage("Pagamento não encontrado", "Este pagamento não existe."));
      else sendHtml(res, 200, renderPaymentPage(payment));
      return true;
    }
    const payAction = /^\/simulator\/payments\/(\d+)\/(approve|reject|refund)$/.exec(url.pathname);
    if (method === "POST" && payAction) {
      const payment = payments.get(Number(payAction[1]));
      if (!payment) {
        sendHtml(res, 404, renderResultPage("Pagamento não encontrado", "Este pagamento não existe."));
        return true;
      }
      const status = { approve: "approved", reject: "rejected", refund: "refunded" }[payAction[2]]!;
      setStatus(payment.id, status);
      await notifyQuietly(payment.id);
      sendHtml(res, 200, renderPaymentPage(payment));
      return true;
    }
    return false;
  }

  function paymentsOf(preferenceId: string): FakePayment[] {
    return [...payments.values()].filter((p) => p.preference_id === preferenceId);
  }

  function refund(id: number): FakePayment {
    return setStatus(id, "refunded", "refunded");
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://fake.local");
      const raw = await readBody(req);
      if (await handleSimulator(req, res, url)) return;
      let parsedBody: unknown = raw;
      try {
        parsedBody = raw ? JSON.parse(raw) : undefined;
      } catch {
        // recorded as text
      }
      calls.push({
        method: req.method ?? "GET",
        path: url.pathname + url.search,
        headers: req.headers,
        body: parsedBody,
      });
      const failure = takeFailure(`${req.method} ${url.pathname}`);
      if (failure?.mode === "timeout") {
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      }
      if (failure?.mode === "error500") {
        sendJson(res, 500, { message: "internal error", error: "internal_error", status: 500 });
        return;
      }
      await handleApi(req, res, url, raw);
    })().catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { message: String(err), error: "internal_error", status: 500 });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  Object.assign(fake, {
    url: `http://${options.host ?? "127.0.0.1"}:${port}`,
    webhookSecret,
    preferences,
    payments,
    calls,
    fail: (failure: FakeFailure) => failures.push({ ...failure }),
    createPayment: (input: Parameters<FakeMercadoPago["createPayment"]>[0]) =>
      newPayment({
        status: input.status ?? "approved",
        status_detail: input.status === "approved" || !input.status ? "accredited" : (input.status ?? ""),
        external_reference: input.external_reference,
        transaction_amount: input.amount,
        currency_id: input.currency_id ?? "BRL",
        notification_url: input.notification_url ?? null,
        preference_id: input.preference_id ?? null,
      }),
    setStatus,
    payPreference,
    refund,
    notify,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  } satisfies FakeMercadoPago);
  return fake;
}
