import { createServer, type ServerResponse, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createApiHandler } from "./api";
import { readBody, sendJson } from "./http";
import { createLedger } from "./ledger";
import { createSimulatorHandler } from "./simulator-routes";
import type { FakeFailure, FakeMercadoPago, RecordedCall } from "./types";

export type { FakeFailure, FakeMercadoPago, FakePayment, FakePreference, RecordedCall } from "./types";

/**
 * A local stand-in for Mercado Pago's REST API, for the tests and the demo (never for production: it refuses to
 * start when NODE_ENV=production). It speaks the parts of the API the server uses — Checkout Pro preferences,
 * Pix payments, reading and searching payments, idempotency keys — and serves a "Simulador Mercado Pago" page
 * where a person approves, rejects or refunds a checkout; each of those sends a correctly signed webhook to the
 * notification_url, as Mercado Pago would. Tests drive the same state through the methods below.
 */

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
  const calls: RecordedCall[] = [];
  const failures: FakeFailure[] = [];
  const hanging = new Set<ServerResponse>();
  const webhookSecret = options.webhookSecret ?? "fake-webhook-secret";

  const fake = {} as FakeMercadoPago;
  const ledger = createLedger(webhookSecret);
  const publicUrl = () => options.publicUrl ?? fake.url;
  const handleApi = createApiHandler({ ledger, accessTokens: options.accessTokens, publicUrl });
  const handleSimulator = createSimulatorHandler(ledger);

  function takeFailure(signature: string): FakeFailure | undefined {
    const i = failures.findIndex((f) => !f.match || f.match.test(signature));
    if (i < 0) return undefined;
    const failure = failures[i];
    failure.times -= 1;
    if (failure.times <= 0) failures.splice(i, 1);
    return failure;
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
    preferences: ledger.preferences,
    payments: ledger.payments,
    calls,
    fail: (failure: FakeFailure) => failures.push({ ...failure }),
    createPayment: (input: Parameters<FakeMercadoPago["createPayment"]>[0]) =>
      ledger.newPayment({
        status: input.status ?? "approved",
        status_detail: input.status === "approved" || !input.status ? "accredited" : (input.status ?? ""),
        external_reference: input.external_reference,
        transaction_amount: input.amount,
        currency_id: input.currency_id ?? "BRL",
        notification_url: input.notification_url ?? null,
        preference_id: input.preference_id ?? null,
      }),
    setStatus: ledger.setStatus,
    payPreference: ledger.payPreference,
    refund: ledger.refund,
    refunds: ledger.refunds,
    notify: ledger.notify,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  } satisfies FakeMercadoPago);
  return fake;
}
