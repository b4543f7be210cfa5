import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { AGE_VERIFICATION_REQUIRED_MESSAGE } from "@vitrine/contracts";
import { desc } from "drizzle-orm";
import { ageChecks } from "../../db/schema";
import { type DemoAgeVerifier, startDemoAgeVerifier } from "../../fake-age-verifier/demo-verifier";
import { DEMO_IDENTITY_VERIFIER } from "../../fake-age-verifier/identity";
import { CookieJar, fetchAtVerifier, TestBrowser, verifierMode } from "../../test/age-verifier";
import { buildModel } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/helper";
import { useTestContext } from "../../test/fixtures";
import { AGE_FLOW_COOKIE } from "./flow";
import { AGE_PASS_COOKIE, AGE_SESSION_COOKIE, newSessionId, signAgePass } from "./pass";

let demo: DemoAgeVerifier;

before(async () => {
  demo = await startDemoAgeVerifier();
});
const ctx = useTestContext(() => ({ ageAssurance: verifierMode(demo) }));
before(async () => {
  await buildModel(ctx.app, { name: "Modelo Adulta" });
});
after(async () => {
  await demo.close();
});

/** Every age_checks row, newest first. */
async function checkRows(c: TestContext = ctx) {
  return c.app.db.select().from(ageChecks).orderBy(desc(ageChecks.createdAt), desc(ageChecks.completedAt));
}

async function rowCount(c: TestContext = ctx): Promise<number> {
  return (await checkRows(c)).length;
}

/** The rows added by `run`, oldest first. */
async function rowsAddedBy(run: () => Promise<unknown>, c: TestContext = ctx) {
  const before = new Set((await checkRows(c)).map((r) => r.id));
  await run();
  return (await checkRows(c)).filter((r) => !before.has(r.id)).reverse();
}

/** `run` on a site of its own (another age-assurance configuration), closed afterwards. */
async function withSite(overrides: Partial<TestContext["config"]>, run: (site: TestContext) => Promise<void>) {
  const site = await createTestContext(overrides);
  try {
    await run(site);
  } finally {
    await site.close();
  }
}

function setCookieNames(res: { headers: Record<string, unknown> }): string[] {
  const header = res.headers["set-cookie"];
  const lines = header === undefined ? [] : [header as string | string[]].flat();
  return lines.filter((l) => !/max-age=0/i.test(l)).map((l) => l.slice(0, l.indexOf("=")));
}

async function publicListing(browser: TestBrowser) {
  return browser.get("/api/models/public?page=1&limit=20");
}

describe("age check at an OpenID Connect verifier (the demo verifier, a real oidc-provider)", () => {
  test("over 18: a pending row at the start, the pass at the callback, adult content served, the row completed", async () => {
    const browser = new TestBrowser(ctx.app);
    assert.equal((await publicListing(browser)).statusCode, 403);

    let authorization: URL | undefined;
    const started = await rowsAddedBy(async () => {
      authorization = await browser.startCheck("/cidade/campinas-sp?pagina=2");
      assert.equal(authorization.origin, demo.issuer);
      assert.equal(authorization.searchParams.get("code_challenge_method"), "S256");
      assert.ok(authorization.searchParams.get("state") && authorization.searchParams.get("nonce"));
      assert.equal(authorization.searchParams.get("redirect_uri"), "http://localhost/api/age/callback");
    });
    assert.equal(started.length, 1);
    assert.equal(started[0]!.outcome, null, "pending while at the verifier");
    assert.ok(browser.jar.cookies.has(AGE_SESSION_COOKIE) && browser.jar.cookies.has(AGE_FLOW_COOKIE));

    const callback = await browser.answerAtDemoVerifier(authorization!, "maior");
    const res = await browser.get(callback);
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, "/cidade/campinas-sp?pagina=2");
    assert.equal(res.headers["cache-control"], "no-store");
    const passCookie = [res.headers["set-cookie"]].flat().find((c) => String(c).startsWith(`${AGE_PASS_COOKIE}=`));
    assert.match(String(passCookie), /^age_pass=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/, "a session cookie");
    assert.ok(!browser.jar.cookies.has(AGE_FLOW_COOKIE), "the flow is over");

    const [row] = await checkRows();
    assert.equal(row!.id, started[0]!.id, "the pending row itself is completed");
    assert.equal(row!.outcome, "over18");
    assert.equal(row!.method, "oidc");
    assert.equal(row!.verifier, "Verificador de teste");
    assert.equal(row!.assurance, "demonstracao");
    assert.ok(row!.completedAt);

    const listing = await publicListing(browser);
    assert.equal(listing.statusCode, 200, listing.body);
    assert.ok(JSON.stringify(listing.json()).includes("Modelo Adulta"));
    const status = await browser.get("/api/age/status");
    assert.deepEqual(status.json(), { mode: "verifier", passed: true, verifier_name: "Verificador de teste" });
    assert.equal(status.headers["cache-control"], "no-store");
  });

  test("nothing but the outcome is kept: no birth date, subject or token anywhere in the rows", async () => {
    const browser = new TestBrowser(ctx.app);
    await browser.checkAge("maior");
    await browser.checkAge("menor");
    const rows = await checkRows();
    const dump = JSON.stringify(rows);
    const thisYear = new Date().getUTCFullYear();
    for (const years of [16, 30]) assert.ok(!dump.includes(`${thisYear - years}-`), `a birth date ${years} years ago`);
    assert.doesNotMatch(dump, /visitante|birth|age_over|eyJ/);
    for (const row of rows) {
      assert.deepEqual(Object.keys(row).sort(), [
        "assurance",
        "completedAt",
        "createdAt",
        "id",
        "method",
        "outcome",
        "sessionHash",
        "verifier",
      ]);
      assert.notEqual(row.sessionHash, browser.jar.cookies.get(AGE_SESSION_COOKIE), "a hash, not the id");
    }
  });

  test("under 18: back with ?idade=menor, no pass, the row under18, adult content refused", async () => {
    const browser = new TestBrowser(ctx.app);
    const rows = await rowsAddedBy(async () => {
      const res = await browser.checkAge("menor", "/modelo/1?idade=falhou");
      assert.equal(res.statusCode, 303);
      assert.equal(res.headers.location, "/modelo/1?idade=menor", "the old result replaced");
      assert.ok(!setCookieNames(res).includes(AGE_PASS_COOKIE));
    });
    assert.deepEqual(
      rows.map((r) => r.outcome),
      ["under18"],
    );
    assert.ok(!browser.jar.cookies.has(AGE_PASS_COOKIE));
    const listing = await publicListing(browser);
    assert.equal(listing.statusCode, 403);
    assert.equal(listing.json().code, "AGE_VERIFICATION_REQUIRED");
  });

  test("under 18 after a pass in the same browser takes the pass away", async () => {
    const browser = new TestBrowser(ctx.app);
    await browser.checkAge("maior");
    assert.equal((await publicListing(browser)).statusCode, 200);
    await browser.checkAge("menor");
    assert.equal((await publicListing(browser)).statusCode, 403);
  });

  test("cancelled at the verifier: ?idade=cancelada, the row cancelled, no pass", async () => {
    const browser = new TestBrowser(ctx.app);
    const rows = await rowsAddedBy(async () => {
      const res = await browser.checkAge("cancelar", "/cidade/santos-sp");
      assert.equal(res.headers.location, "/cidade/santos-sp?idade=cancelada");
      assert.ok(!setCookieNames(res).includes(AGE_PASS_COOKIE));
    });
    assert.deepEqual(
      rows.map((r) => r.outcome),
      ["cancelled"],
    );
  });

  test("a replayed callback (same state and code, same cookies) adds a `replayed` row and gives nothing", async () => {
    const browser = new TestBrowser(ctx.app);
    const callback = await browser.answerAtDemoVerifier(await browser.startCheck("/cidade/x"), "maior");
    const cookiesAtCallback = browser.jar.header();
    const first = await browser.get(callback);
    assert.ok(setCookieNames(first).includes(AGE_PASS_COOKIE));

    const replayed = await rowsAddedBy(async () => {
      // The same request again, with the flow cookie the browser had (a copied request, or a double submit).
      const again = await ctx.app.inject({ method: "GET", url: callback, headers: { cookie: cookiesAtCallback } });
      assert.equal(again.statusCode, 303);
      assert.equal(again.headers.location, "/cidade/x?idade=falhou");
      assert.ok(!setCookieNames(again).includes(AGE_PASS_COOKIE), "no second pass");
    });
    assert.deepEqual(
      replayed.map((r) => r.outcome),
      ["replayed"],
    );
    const completed = (await checkRows()).filter((r) => r.outcome === "over18").length;
    assert.ok(completed >= 1);
  });

  test("a callback opened in another browser (no flow cookie) is refused and completes nothing", async () => {
    const victim = new TestBrowser(ctx.app);
    const attacker = new TestBrowser(ctx.app);
    const callback = await attacker.answerAtDemoVerifier(await attacker.startCheck("/"), "maior");
    const rows = await rowsAddedBy(async () => {
      const res = await victim.get(callback);
      assert.equal(res.statusCode, 303);
      assert.equal(res.headers.location, "/?idade=falhou");
      assert.ok(!setCookieNames(res).includes(AGE_PASS_COOKIE));
    });
    assert.deepEqual(
      rows.map((r) => r.outcome),
      ["error"],
    );
    assert.equal((await publicListing(victim)).statusCode, 403);
  });

  test("a callback carrying another browser's state is refused; this browser's own check waits on", async () => {
    const victim = new TestBrowser(ctx.app);
    const attacker = new TestBrowser(ctx.app);
    const victimAuthorization = await victim.startCheck("/cidade/minha");
    const attackerCallback = await attacker.answerAtDemoVerifier(await attacker.startCheck("/"), "maior");
    const rows = await rowsAddedBy(async () => {
      const res = await victim.get(attackerCallback);
      assert.equal(res.headers.location, "/cidade/minha?idade=falhou");
      assert.ok(!setCookieNames(res).includes(AGE_PASS_COOKIE));
    });
    assert.deepEqual(
      rows.map((r) => r.outcome),
      ["error"],
    );
    assert.equal((await publicListing(victim)).statusCode, 403);
    // The victim's own check still completes.
    const own = await victim.get(await victim.answerAtDemoVerifier(victimAuthorization, "maior"));
    assert.equal(own.headers.location, "/cidade/minha");
    assert.equal((await publicListing(victim)).statusCode, 200);
  });

  test("a flow cookie copied into another browser (another age session) is refused", async () => {
    const first = new TestBrowser(ctx.app);
    const callback = await first.answerAtDemoVerifier(await first.startCheck("/"), "maior");
    const other = new TestBrowser(ctx.app);
    await other.get("/api/age/start?next=/");
    other.jar.cookies.set(AGE_FLOW_COOKIE, first.jar.cookies.get(AGE_FLOW_COOKIE)!);
    const res = await other.get(callback);
    assert.equal(res.headers.location, "/?idade=falhou");
    assert.ok(!setCookieNames(res).includes(AGE_PASS_COOKIE));
    // Without any age session at all, too.
    const bare = await ctx.app.inject({
      method: "GET",
      url: callback,
      headers: { cookie: `${AGE_FLOW_COOKIE}=${first.jar.cookies.get(AGE_FLOW_COOKIE)}` },
    });
    assert.equal(bare.headers.location, "/?idade=falhou");
    assert.ok(!setCookieNames(bare).includes(AGE_PASS_COOKIE));
  });

  test("a tampered flow cookie is refused", async () => {
    const browser = new TestBrowser(ctx.app);
    const callback = await browser.answerAtDemoVerifier(await browser.startCheck("/"), "maior");
    const flow = browser.jar.cookies.get(AGE_FLOW_COOKIE)!;
    browser.jar.cookies.set(AGE_FLOW_COOKIE, flow.slice(0, -4) + (flow.endsWith("AAAA") ? "BBBB" : "AAAA"));
    const res = await browser.get(callback);
    assert.equal(res.headers.location, "/?idade=falhou");
    assert.ok(!setCookieNames(res).includes(AGE_PASS_COOKIE));
  });

  test("the flow cookie is sent only to /api/age and lasts 10 minutes", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/age/start?next=/" });
    const flow = [res.headers["set-cookie"]].flat().find((c) => String(c).startsWith(`${AGE_FLOW_COOKIE}=`));
    assert.match(String(flow), /; Path=\/api\/age; Max-Age=600; HttpOnly; SameSite=Lax$/);
  });

  test("next is a path of this site only", async () => {
    for (const next of ["https://evil.example/", "//evil.example", "/%2e%2e//evil.example"]) {
      const browser = new TestBrowser(ctx.app);
      const res = await browser.checkAge("menor", next);
      assert.equal(res.headers.location, "/?idade=menor", next);
    }
  });

  test("a verifier that stops answering after the start: ?idade=falhou and an error row, never a 500", async () => {
    const flaky = await startDemoAgeVerifier();
    await withSite({ ageAssurance: verifierMode(flaky) }, async (site) => {
      const browser = new TestBrowser(site.app);
      const callback = await browser.answerAtDemoVerifier(await browser.startCheck("/cidade/x"), "maior");
      await flaky.close();
      const res = await browser.get(callback);
      assert.equal(res.statusCode, 303);
      assert.equal(res.headers.location, "/cidade/x?idade=falhou");
      assert.deepEqual(
        (await checkRows(site)).map((r) => r.outcome),
        ["error"],
      );
    });
  });
});

describe("a verifier that is down", () => {
  test("the start sends the visitor back with ?idade=falhou and records an error; the next start tries again", async () => {
    const down = { issuer: "http://127.0.0.1:9", clientId: "vitrine", clientSecret: "segredo" };
    await withSite({ ageAssurance: verifierMode(down) }, async (site) => {
      const res = await site.app.inject({ method: "GET", url: "/api/age/start?next=/cidade/x" });
      assert.equal(res.statusCode, 303);
      assert.equal(res.headers.location, "/cidade/x?idade=falhou");
      assert.ok(!setCookieNames(res).includes(AGE_FLOW_COOKIE));
      const again = await site.app.inject({ method: "GET", url: "/api/age/start?next=/" });
      assert.equal(again.headers.location, "/?idade=falhou");
      assert.deepEqual(
        (await checkRows(site)).map((r) => r.outcome),
        ["error", "error"],
      );
    });
  });
});

describe("the age claim", () => {
  test("birthdate: turned into yes/no (30 years ago → pass, 16 years ago → menor), then dropped", async () => {
    await withSite({ ageAssurance: verifierMode(demo, { claim: "birthdate" }) }, async (site) => {
      const adult = new TestBrowser(site.app);
      assert.equal((await adult.checkAge("maior", "/a")).headers.location, "/a");
      assert.equal((await publicListing(adult)).statusCode, 200);
      const minor = new TestBrowser(site.app);
      assert.equal((await minor.checkAge("menor", "/a")).headers.location, "/a?idade=menor");
      assert.equal((await publicListing(minor)).statusCode, 403);
      const rows = await checkRows(site);
      assert.deepEqual(rows.map((r) => r.outcome).sort(), ["over18", "under18"]);
      assert.doesNotMatch(JSON.stringify(rows), /\d{4}-\d{2}-\d{2}"/, "no date but the row's own times");
    });
  });

  test("a claim the verifier does not send is an error, not a pass", async () => {
    await withSite({ ageAssurance: verifierMode(demo, { claim: "age_over_21" }) }, async (site) => {
      const browser = new TestBrowser(site.app);
      const res = await browser.checkAge("maior", "/a");
      assert.equal(res.headers.location, "/a?idade=falhou");
      assert.ok(!setCookieNames(res).includes(AGE_PASS_COOKIE));
      assert.deepEqual(
        (await checkRows(site)).map((r) => r.outcome),
        ["error"],
      );
    });
  });
});

describe("the age pass", () => {
  async function listingWith(cookie: string) {
    return ctx.app.inject({ method: "GET", url: "/api/models/public?page=1&limit=20", headers: { cookie } });
  }
  const sign = (options: Partial<Parameters<typeof signAgePass>[0]> & { sessionId: string }) =>
    signAgePass({
      secret: ctx.config.jwtSecret,
      method: "oidc",
      verifier: "Verificador de teste",
      hours: 1,
      ...options,
    });

  test("a valid pass bound to this browser's age session: 200", async () => {
    const sessionId = newSessionId();
    const res = await listingWith(`age_sid=${sessionId}; age_pass=${await sign({ sessionId })}`);
    assert.equal(res.statusCode, 200);
  });

  test("forged, expired, signed with another key, or from another browser: 403 AGE_VERIFICATION_REQUIRED", async () => {
    const sessionId = newSessionId();
    const valid = await sign({ sessionId });
    const [header, payload] = valid.split(".");
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), exp: 4102444800 }),
    ).toString("base64url");
    const cases: Record<string, string> = {
      forged: `age_sid=${sessionId}; age_pass=${header}.${forgedPayload}.${valid.split(".")[2]}`,
      unsigned: `age_sid=${sessionId}; age_pass=${header}.${payload}.`,
      expired: `age_sid=${sessionId}; age_pass=${await sign({ sessionId, now: new Date(Date.now() - 2 * 3600_000) })}`,
      "another key": `age_sid=${sessionId}; age_pass=${await signAgePass({
        secret: "outra-chave-qualquer",
        sessionId,
        method: "oidc",
        verifier: "Verificador de teste",
        hours: 1,
      })}`,
      "another browser": `age_sid=${newSessionId()}; age_pass=${valid}`,
      "no age session": `age_pass=${valid}`,
      "no pass": `age_sid=${sessionId}`,
    };
    for (const [name, cookie] of Object.entries(cases)) {
      const res = await listingWith(cookie);
      assert.equal(res.statusCode, 403, name);
      assert.deepEqual(
        res.json(),
        { error: AGE_VERIFICATION_REQUIRED_MESSAGE, code: "AGE_VERIFICATION_REQUIRED" },
        name,
      );
    }
  });
});

describe("the gate's button and the status in either mode", () => {
  test("with a verifier, /api/age-gate starts a check and grants nothing", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/age-gate?next=%2Fcidade%2Fx%3Fidade%3Dmenor" });
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, "/api/age/start?next=%2Fcidade%2Fx%3Fidade%3Dmenor");
    assert.equal(res.headers["set-cookie"], undefined);
    const start = await ctx.app.inject({ method: "GET", url: String(res.headers.location) });
    assert.equal(start.statusCode, 303);
    const state = new URL(String(start.headers.location)).searchParams.get("state");
    assert.ok(state, "sent to the verifier");
  });

  test("the status without a pass", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/age/status" });
    assert.deepEqual(res.json(), { mode: "verifier", passed: false, verifier_name: "Verificador de teste" });
  });

  test("self-declaration: /api/age/start and /callback do not exist, the click-through gate works", async () => {
    await withSite({}, async (site) => {
      for (const url of ["/api/age/start?next=/", "/api/age/callback?code=x&state=y"]) {
        const res = await site.app.inject({ method: "GET", url });
        assert.equal(res.statusCode, 404, url);
        assert.equal(res.json().code, "NOT_FOUND", url);
      }
      const gate = await site.app.inject({ method: "GET", url: "/api/age-gate?next=/cidade/x" });
      assert.equal(gate.headers.location, "/cidade/x");
      assert.match(String(gate.headers["set-cookie"]), /^age_ok=1;/);
      const status = await site.app.inject({ method: "GET", url: "/api/age/status" });
      assert.deepEqual(status.json(), { mode: "self-declaration", passed: false, verifier_name: null });
      assert.equal((await site.app.inject({ method: "GET", url: "/api/models/public" })).statusCode, 200);
      assert.equal(await rowCount(site), 0);
    });
  });
});

describe("the age callback accepts only the age flow's answer", () => {
  test("an identity answer (the request edited to the identity scope, a birth date typed) gives no pass", async () => {
    const browser = new TestBrowser(ctx.app);
    const authorization = await browser.startCheck("/");
    authorization.searchParams.set("scope", `openid ${DEMO_IDENTITY_VERIFIER.scope}`);
    const jar = new CookieJar();
    let res = await fetchAtVerifier(jar, authorization.href);
    const interaction = new URL(String(res.headers.get("location")), authorization).href;
    assert.equal((await fetchAtVerifier(jar, interaction)).status, 200);
    const form = { answer: "verificar", birthdate: "1990-01-02", document: "AB123456" };
    res = await fetchAtVerifier(jar, interaction, new URLSearchParams(form));
    res = await fetchAtVerifier(jar, new URL(String(res.headers.get("location")), authorization).href);
    const callback = new URL(String(res.headers.get("location")));
    assert.equal(callback.pathname, "/api/age/callback");

    const rows = await rowsAddedBy(async () => {
      const back = await browser.get(callback.pathname + callback.search);
      assert.equal(back.statusCode, 303);
      assert.equal(back.headers.location, "/?idade=falhou");
      assert.ok(!setCookieNames(back).includes(AGE_PASS_COOKIE));
    });
    assert.ok(rows.every((r) => r.outcome !== "over18"));
    assert.equal((await publicListing(browser)).statusCode, 403);
  });
});
