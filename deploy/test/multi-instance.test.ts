import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import postgres from "postgres";
import sharp from "sharp";
import { advisoryLockId } from "../../apps/server/src/db/client";
import { type FakeMercadoPago, startFakeMercadoPago } from "../../apps/server/src/fake-mercadopago/fake-mercadopago";
import { todayInSaoPaulo } from "../../apps/server/src/lib/dates";
import { freePort } from "../../apps/server/src/test/free-port";
import { linkToken, type LocalSmtp, startLocalSmtp } from "../../apps/server/src/test/smtp";
import { type LocalS3, startLocalS3 } from "../../apps/server/src/test/s3";
import { ADMIN, adminApiToken } from "../../e2e/harness";
import {
  type Instance,
  NGINX,
  type Nginx,
  readEvents,
  SERVER_BUNDLE,
  serverInstance,
  startNginx,
  until,
} from "./support";

/**
 * Two instances of the built server (NODE_ENV=production, the same secrets) on one fresh PostgreSQL database and
 * one S3 API (s3rver, in this process), behind Debian's nginx with deploy/nginx.conf: what one instance does, the
 * other sees; limits hold across both; nginx keeps GETs working when one instance dies; scheduled jobs run once.
 * Needs /usr/sbin/nginx, PostgreSQL (TEST_DATABASE_URL, else 127.0.0.1:5432) and `npm run build` done before.
 */
const PG_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const SAO_PAULO = { estado_id: 35, municipio_id: 3550308 };
const tag = randomBytes(4).toString("hex");
/** Password attempts per client network per minute on the instances (AUTH_RATE_LIMIT). */
const PASSWORD_BUDGET = 6;
const key32 = () => randomBytes(32).toString("hex");

let admin: postgres.Sql;
let sql: postgres.Sql;
let databaseName = "";
let smtp: LocalSmtp;
let fake: FakeMercadoPago;
let s3: LocalS3;
let a: Instance;
let b: Instance;
let nginx: Nginx;
let adminToken = "";

type Model = { id: number; token: string; email: string };
let ana: Model;
let vencida: Model;

async function call<T>(
  baseUrl: string,
  method: string,
  pathname: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<T> {
  const res = await fetch(`${baseUrl}${pathname}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body === undefined ? {} : { "content-type": "application/json" }),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${baseUrl}${pathname} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function setSetting(settingKey: string, value: string): Promise<void> {
  const { settings } = await call<{ settings: { id: number; setting_key: string }[] }>(
    a.baseUrl,
    "GET",
    "/api/admin/settings",
    { token: adminToken },
  );
  const found = settings.find((s) => s.setting_key === settingKey);
  if (found) await call(a.baseUrl, "PUT", `/api/admin/settings/${found.id}`, { token: adminToken, body: { value } });
  else {
    await call(a.baseUrl, "POST", "/api/admin/settings", {
      token: adminToken,
      body: { setting_key: settingKey, setting_value: value },
    });
  }
}

const isoDate = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** A public model registered through instance A: e-mail confirmed, a paid plan for 30 days, verified and active. */
async function publicModel(name: string, network: number): Promise<Model> {
  const slug = `${name.toLowerCase()}_${tag}`;
  const email = `${slug}@e2e.local`;
  // Her own network (X-Forwarded-For from the loopback is trusted): registering and confirming spend from the
  // password budget of her address, not from the test's.
  const from = { "x-forwarded-for": `198.51.100.${network}` };
  const { token, model } = await call<{ token: string; model: { id: number } }>(
    a.baseUrl,
    "POST",
    "/api/auth/model/register",
    {
      body: {
        username: slug,
        email,
        password: "senha-segura-123",
        name: `${name} ${tag}`,
        age: 27,
        phone: "11987654321",
        whatsapp: "11987654321",
        ...SAO_PAULO,
        category_id: 1,
      },
      headers: from,
    },
  );
  const mail = await smtp.waitFor({ to: email, subject: /Confirme seu e-mail/ }, 15_000);
  await call(a.baseUrl, "POST", "/api/auth/email/confirm", {
    body: { token: linkToken(mail, "/confirmar-email") },
    headers: from,
  });
  await call(a.baseUrl, "POST", `/api/admin/models/${model.id}/payments`, {
    token: adminToken,
    body: { amount: 100, method: "cash", due_date: isoDate(30), status: "paid" },
  });
  await call(a.baseUrl, "PATCH", `/api/admin/models/${model.id}/status`, {
    token: adminToken,
    body: { is_verified: true, is_active: true },
  });
  return { id: model.id, token, email };
}

/** The instances' own output, appended to a failure (they print only warnings and errors). */
function withOutputs(err: unknown): Error {
  const outputs = [a, b].filter(Boolean).map((i) => `--- instance ${i.name}:\n${i.output()}`);
  return new Error(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n${outputs.join("\n")}`);
}

before(async () => {
  try {
    await setUp();
  } catch (err) {
    throw withOutputs(err);
  }
});

async function setUp() {
  assert.ok(existsSync(NGINX), `nginx não encontrado em ${NGINX}: apt-get install nginx (bash .ci/run o instala)`);
  assert.ok(existsSync(SERVER_BUNDLE), "apps/server/dist/server.js não existe: rode npm run build antes");

  admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
  databaseName = `vitrine_multi_${tag}`;
  await admin.unsafe(`CREATE DATABASE ${databaseName}`);
  const databaseUrl = new URL(PG_URL);
  databaseUrl.pathname = `/${databaseName}`;
  sql = postgres(databaseUrl.href, { max: 4, onnotice: () => {} });

  smtp = await startLocalSmtp();
  fake = await startFakeMercadoPago();
  s3 = await startLocalS3(`vitrine-multi-${tag}`);

  // What every instance shares: the database, the S3 bucket, the secrets and keys, the public address.
  const env: Record<string, string> = {
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl.href,
    ...s3.env,
    JWT_SECRET: randomBytes(48).toString("base64url"),
    MODERATION_EVIDENCE_KEY: key32(),
    VERIFICATION_FILES_KEY: key32(),
    TWO_FACTOR_KEY: key32(),
    SMTP_URL: smtp.url,
    AGE_ASSURANCE: "self-declaration",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    MERCADOPAGO_API_URL: fake.url,
    AUTH_RATE_LIMIT: String(PASSWORD_BUDGET),
    // nginx connects from the loopback: X-Forwarded-For from there names the visitor.
    TRUST_PROXY: "127.0.0.1",
    LOG_LEVEL: "warn",
  };
  const nginxPort = await freePort();
  env.PUBLIC_URL = `http://127.0.0.1:${nginxPort}`;
  a = await serverInstance("a", env);
  b = await serverInstance("b", env);
  // A migrates the new database; B starts on it once done.
  await a.start();
  await b.start();
  nginx = await startNginx([a, b], nginxPort);

  adminToken = await adminApiToken(a.baseUrl);
  await setSetting("mp_access_token_test", "TEST-multi-instance");
  await setSetting("mp_webhook_secret", fake.webhookSecret);
  ana = await publicModel("Ana", 1);
  vencida = await publicModel("Vencida", 2);
}

after(async () => {
  await Promise.allSettled([a?.remove(), b?.remove()]);
  await nginx?.stop();
  await Promise.allSettled([smtp?.close(), fake?.close(), s3?.close()]);
  await sql?.end({ timeout: 5 });
  if (admin) {
    if (databaseName) await admin.unsafe(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end({ timeout: 5 });
  }
});

describe("two instances behind nginx", () => {
  test("an edit made through A is on B's public page and on B's live stream within 2 s", async () => {
    const page = () =>
      fetch(`${b.baseUrl}/modelo/${ana.id}`, { headers: { cookie: "age_ok=1" } }).then((r) => r.text());
    const description = `Editada na instância A ${tag}`;
    // B has her page in its cache before the edit.
    assert.doesNotMatch(await page(), new RegExp(description));
    const stream = await readEvents(b.baseUrl);
    try {
      const editedAt = Date.now();
      await call(a.baseUrl, "PUT", "/api/models/profile", {
        token: ana.token,
        body: { name: `Ana ${tag}`, age: 27, ...SAO_PAULO, category_id: 1, description },
      });
      await until("B's page to show the edit", async () => (await page()).includes(description), 2000);
      const profile = await call<{ model: { description: string } }>(b.baseUrl, "GET", `/api/models/public/${ana.id}`);
      assert.equal(profile.model.description, description);
      await stream.waitFor(
        "model_status_updated",
        (e) => (e.data as { type?: string; model_id?: number }).model_id === ana.id,
        Math.max(0, 2000 - (Date.now() - editedAt)),
      );
    } finally {
      stream.close();
    }
  });

  test("a payment webhook delivered to A reaches her dashboard's stream on B", async () => {
    const { plans } = await call<{ plans: { id: number }[] }>(a.baseUrl, "GET", "/api/settings/public/plans");
    const checkout = await call<{ preference_id: string; payment_id: number }>(
      a.baseUrl,
      "POST",
      "/api/payments/model/subscription",
      { token: ana.token, body: { plan_id: plans[0]!.id } },
    );
    const stream = await readEvents(b.baseUrl);
    try {
      const paid = fake.payPreference(checkout.preference_id, "approved");
      assert.equal(await fake.notify(paid.id, { url: `${a.baseUrl}/api/payments/webhook/model` }), 200);
      await stream.waitFor(
        "model_payment_updated",
        (e) => {
          const data = e.data as { type?: string; model_id?: number };
          return data.type === "model_payment_updated" && data.model_id === ana.id;
        },
        5000,
      );
      const own = await call<{ payment: { status: string } }>(
        b.baseUrl,
        "GET",
        `/api/payments/model/payments/${checkout.payment_id}`,
        { token: ana.token },
      );
      assert.equal(own.payment.status, "paid");
    } finally {
      stream.close();
    }
  });

  test("a photo uploaded through A is served by B", async () => {
    const form = new FormData();
    form.append("is_public", "true");
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#3a6ea5" } })
      .png()
      .toBuffer();
    form.append("photo", new Blob([new Uint8Array(png)], { type: "image/png" }), "foto.png");
    const res = await fetch(`${a.baseUrl}/api/models/photos`, {
      method: "POST",
      headers: { authorization: `Bearer ${ana.token}` },
      body: form,
    });
    const text = await res.text();
    assert.equal(res.status, 201, text);
    const { photo } = JSON.parse(text) as { photo: { url: string } };
    const fromA = await fetch(new URL(photo.url, a.baseUrl));
    const fromB = await fetch(new URL(photo.url, b.baseUrl));
    assert.equal(fromA.status, 200);
    assert.equal(fromB.status, 200, `B answered ${fromB.status} for ${photo.url}`);
    assert.match(fromB.headers.get("content-type") ?? "", /^image\//);
    assert.deepEqual(Buffer.from(await fromB.arrayBuffer()), Buffer.from(await fromA.arrayBuffer()));
  });

  test("the password budget holds across both: attempts alternating A and B, the one past it is 429", async () => {
    // A network of its own (X-Forwarded-For from the loopback is trusted, as from nginx), a new e-mail each time
    // (so the per-account throttle never answers instead of the budget).
    const visitor = { "x-forwarded-for": `203.0.113.${1 + (parseInt(tag, 16) % 250)}` };
    const statuses: number[] = [];
    for (let i = 0; i <= PASSWORD_BUDGET; i++) {
      const target = i % 2 === 0 ? a : b;
      const res = await fetch(`${target.baseUrl}/api/auth/model/login`, {
        method: "POST",
        headers: { "content-type": "application/json", ...visitor },
        body: JSON.stringify({ email: `ninguem${i}_${tag}@e2e.local`, password: "senha-errada-123" }),
      });
      statuses.push(res.status);
    }
    assert.deepEqual(statuses.slice(0, PASSWORD_BUDGET), Array(PASSWORD_BUDGET).fill(401), String(statuses));
    assert.equal(statuses[PASSWORD_BUDGET], 429, String(statuses));
  });

  test("killing A mid-traffic: GETs through nginx keep succeeding, and every acknowledged write is kept", async () => {
    const gets: { status: number; afterKill: boolean }[] = [];
    const writes: { id: number | null; status: number; afterKill: boolean }[] = [];
    let killedAt = 0;
    let stopped = false;
    const running = () => !stopped;

    const reader = async (pathname: string) => {
      while (running()) {
        const afterKill = killedAt > 0;
        const res = await fetch(`${nginx.baseUrl}${pathname}`).catch(() => null);
        await res?.arrayBuffer().catch(() => undefined);
        gets.push({ status: res?.status ?? 0, afterKill });
      }
    };
    const writer = async () => {
      // Her products: up to 45 new rows (the limit is 50 per model), one at a time.
      for (let i = 0; running() && i < 45; i++) {
        const afterKill = killedAt > 0;
        const res = await fetch(`${nginx.baseUrl}/api/models/products`, {
          method: "POST",
          headers: { authorization: `Bearer ${ana.token}`, "content-type": "application/json" },
          body: JSON.stringify({
            name: `Produto ${i} ${tag}`,
            description: "Gravado durante a queda de uma instância",
            price: "10,00",
            type: "digital",
            is_active: true,
          }),
        }).catch(() => null);
        const body = res ? await res.text().catch(() => "") : "";
        const id = res?.ok ? (JSON.parse(body) as { product: { id: number } }).product.id : null;
        writes.push({ id, status: res?.status ?? 0, afterKill });
        await new Promise((r) => setTimeout(r, 30));
      }
    };

    const traffic = Promise.all([
      reader("/api/health"),
      reader(`/api/models/public/${ana.id}`),
      reader("/api/settings/public/plans"),
      writer(),
    ]);
    try {
      await until("traffic before the kill", async () => gets.length >= 20 && writes.length >= 5, 60_000);
      killedAt = Date.now();
      await a.kill();
      await until(
        "traffic after the kill",
        async () => gets.filter((g) => g.afterKill).length >= 20 && writes.filter((w) => w.afterKill).length >= 5,
        60_000,
      );
    } finally {
      stopped = true;
      await traffic;
    }

    const failedGets = gets.filter((g) => g.status !== 200);
    assert.deepEqual(failedGets, [], `${failedGets.length} of ${gets.length} GETs failed\n${nginx.errorLog()}`);

    const acknowledged = writes.filter((w) => w.id !== null).map((w) => w.id!);
    assert.ok(acknowledged.length >= 5);
    assert.ok(
      writes.some((w) => w.afterKill && w.id !== null),
      "writes after the kill went to B",
    );
    // A write nginx could not retry (sent to A when it died) may fail, with nginx's 502, and nothing else.
    for (const w of writes.filter((w) => w.id === null)) assert.equal(w.status, 502, JSON.stringify(writes));
    const stored = await sql<{ id: number }[]>`SELECT id FROM products WHERE model_id = ${ana.id}`;
    const storedIds = new Set(stored.map((r) => Number(r.id)));
    assert.deepEqual(
      acknowledged.filter((id) => !storedIds.has(id)),
      [],
      "every write answered 2xx is in the database",
    );
  });

  test("scheduled jobs on two instances: a job both start at once runs on one, once", async () => {
    await b.stop();
    // Her plan's last day was yesterday: the plan-expiry job, at its first run, hides her and writes her e-mail.
    await sql`UPDATE models SET next_due_date = ${todayInSaoPaulo()} WHERE id = ${vencida.id}`;
    await sql`DELETE FROM job_runs WHERE name = 'plan-expiry'`;
    const expiredMails = async () =>
      Number(
        (
          await sql<{ n: string }[]>`
            SELECT count(*) AS n FROM mail_outbox WHERE to_address = ${vencida.email} AND subject LIKE 'Seu plano venceu%'`
        )[0]!.n,
      );
    assert.equal(await expiredMails(), 0);

    // The test holds the outbox: the instance that runs the job stops at the e-mail, still holding the job's lock.
    const holder = await sql.reserve();
    let released = false;
    try {
      await holder`BEGIN`;
      await holder`LOCK TABLE mail_outbox IN SHARE MODE`;
      // Both start at once; each runs its first jobs 5 s after start-up.
      await Promise.all([a.start(), b.start()]);
      const firstTicksOver = Date.now() + 5000 + 2000;
      const waiting = async () =>
        Number(
          (
            await sql<{ n: string }[]>`
              SELECT count(*) AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'
                AND query ILIKE 'insert into "mail_outbox"%'`
          )[0]!.n,
        );
      const lockHolders = async () =>
        Number(
          (
            await sql<{ n: string }[]>`
              SELECT count(*) AS n FROM pg_locks
              WHERE locktype = 'advisory' AND granted AND objsubid = 2
                AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                AND classid = ${0x56545249} AND objid = ${advisoryLockId("job:plan-expiry") >>> 0}`
          )[0]!.n,
        );
      await until("the plan-expiry job to reach the e-mail", async () => (await waiting()) > 0, 20_000);
      while (Date.now() < firstTicksOver) await new Promise((r) => setTimeout(r, 200));
      assert.equal(await waiting(), 1, "one instance runs the job; the other found it locked");
      assert.equal(await lockHolders(), 1);
      await holder`COMMIT`;
      released = true;
    } finally {
      if (!released) await holder`ROLLBACK`.catch(() => undefined);
      holder.release();
    }
    await until("the run to be recorded", async () => {
      const [row] = await sql<{ last_run_at: Date | null }[]>`
        SELECT last_run_at FROM job_runs WHERE name = 'plan-expiry'`;
      return row?.last_run_at;
    });
    assert.equal(await expiredMails(), 1, "her e-mail was written once");
    const profile = await fetch(`${nginx.baseUrl}/api/models/public/${vencida.id}`);
    assert.equal(profile.status, 404, "she is hidden once her plan ended");
  });
});
