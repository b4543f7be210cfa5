import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loadReferenceData } from "../../db/reference-data";
import { modelPayments, models, settings } from "../../db/schema";
import { startFakeMercadoPago, type FakeMercadoPago } from "../../fake-mercadopago/fake-mercadopago";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import { exitSignal, serverProcess, type ServerProcess } from "../../test/server-process";
import { SETTLE_BEFORE_COMMIT } from "./settle";

/**
 * Kills a real server process (SIGKILL, from inside, at a failpoint) after it has read an approved payment at
 * Mercado Pago and written what it means, before the commit; restarts it on the same data directory and lets
 * Mercado Pago retry the webhook: the payment is applied exactly once.
 */
const ADMIN_EMAIL = "admin@crash.local";
let dataDir: string;
let fake: FakeMercadoPago;

let proc: ServerProcess;
const baseUrl = () => proc.baseUrl;
const startServer = (failpoint?: string) => proc.start(failpoint);
const stopServer = () => proc.stop();

/** Opens the server's PGlite data directory while no server runs. */
const withDatabase = <T>(work: (db: Db) => Promise<T>) => proc.withDatabase(work);

before(async () => {
  dataDir = path.join(mkdtempSync(path.join(tmpdir(), "vitrine-settle-crash-")), "data");
  mkdirSync(dataDir, { mode: 0o700 });
  fake = await startFakeMercadoPago();
  proc = await serverProcess({ dataDir, env: { ADMIN_EMAIL, MERCADOPAGO_API_URL: fake.url } });
});
after(async () => {
  await proc?.close();
  await fake.close();
  rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

describe("a server killed between reading the approval and the commit", () => {
  test("applies the payment once when Mercado Pago retries the webhook after the restart", async () => {
    const { modelId, paymentId } = await prepare();

    const mp = fake.createPayment({ external_reference: `model_payment:${paymentId}`, amount: 59.9 });
    const hook = `${baseUrl()}/api/payments/webhook/model`;

    const child = await startServer(SETTLE_BEFORE_COMMIT);
    await assert.rejects(fake.notify(mp.id, { url: hook }), "the webhook dies with the server");
    assert.equal(await exitSignal(child), "SIGKILL");
    assert.ok(
      fake.calls.some((c) => c.method === "GET" && c.path === `/v1/payments/${mp.id}`),
      "it had read the payment",
    );

    // Nothing of the interrupted settlement survived.
    await withDatabase(async (db) => {
      const [payment] = await db.select().from(modelPayments).where(eq(modelPayments.id, paymentId));
      assert.equal(payment!.status, "pending");
      assert.equal(payment!.appliedAt, null);
      assert.equal(payment!.paymentId, null);
      assert.equal(payment!.providerCheckedAt, null);
      const [model] = await db.select().from(models).where(eq(models.id, modelId));
      assert.equal(model!.nextDueDate, null);
      assert.equal(model!.isActive, false);
    });

    await startServer();
    assert.equal((await fetch(`${baseUrl()}/api/models/public/${modelId}`)).status, 404);
    assert.equal(await fake.notify(mp.id, { url: hook }), 200);
    assert.equal((await fetch(`${baseUrl()}/api/models/public/${modelId}`)).status, 200);
    assert.equal(await fake.notify(mp.id, { url: hook }), 200, "a further retry changes nothing");
    await stopServer();

    await withDatabase(async (db) => {
      const [payment] = await db.select().from(modelPayments).where(eq(modelPayments.id, paymentId));
      assert.equal(payment!.status, "paid");
      assert.equal(payment!.paymentId, String(mp.id));
      assert.ok(payment!.appliedAt);
      assert.equal(payment!.appliedDays, 30);
      const [model] = await db.select().from(models).where(eq(models.id, modelId));
      assert.equal(model!.nextDueDate, addDays(todayInSaoPaulo(), 30));
      assert.equal(model!.isActive, true);
    });
  });
});

/** A fresh data directory with Mercado Pago configured, a hidden model and her pending plan payment. */
async function prepare(): Promise<{ modelId: number; paymentId: number }> {
  return proc.withDatabase(
    async (db) => {
      await loadReferenceData(db, { adminEmail: ADMIN_EMAIL });
      for (const [key, value] of [
        ["mp_access_token_test", "TEST-crash-token"],
        ["mp_webhook_secret", fake.webhookSecret],
      ]) {
        await db
          .insert(settings)
          .values({ settingKey: key!, settingValue: value! })
          .onConflictDoUpdate({ target: settings.settingKey, set: { settingValue: value! } });
      }
      const [model] = await db
        .insert(models)
        .values({
          username: "crashmodel",
          email: "crash@example.com",
          passwordHash: "not-a-real-hash",
          name: "Modelo Crash",
          age: 25,
          estadoId: 35,
          municipioId: 3550308,
          isVerified: true,
          emailConfirmedAt: new Date(),
          isActive: false,
        })
        .returning({ id: models.id });
      const [payment] = await db
        .insert(modelPayments)
        .values({
          modelId: model!.id,
          planName: "Plano Mensal",
          periodType: "monthly",
          amountCents: 5990,
          method: "mercadopago",
          status: "pending",
          preferenceId: "pref-crash",
        })
        .returning({ id: modelPayments.id });
      return { modelId: model!.id, paymentId: payment!.id };
    },
    { migrate: true },
  );
}
