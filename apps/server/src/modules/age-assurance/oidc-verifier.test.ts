import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { type CryptoKey, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { desc } from "drizzle-orm";
import { ageChecks } from "../../db/schema";
import { TestBrowser, verifierMode } from "../../test/age-verifier";
import { useTestContext } from "../../test/fixtures";
import { AGE_PASS_COOKIE } from "./pass";
import { boundToFlow, isAdultBirthdate, readAgeClaim } from "./oidc-verifier";

/**
 * A tiny OpenID Connect provider whose token endpoint answers with an ID token made by the test: the site's side
 * (discovery, the code exchange with PKCE, the ID-token checks) runs for real against tokens no honest verifier
 * would send.
 */
type MintInput = { nonce: string; issuer: string; clientId: string };
type FakeProvider = {
  issuer: string;
  /** How the next token endpoint call makes its ID token. */
  mint: (input: MintInput) => Promise<string>;
  /** A correct ID token changed by `claims`, signed by `key` (the published one by default) under `kid`. */
  minting(claims?: JWTPayload, key?: CryptoKey, kid?: string): (input: MintInput) => Promise<string>;
  publishedKey: CryptoKey;
  otherKey: CryptoKey;
  kid: string;
  tokenCalls: number;
  close(): Promise<void>;
};

const CLIENT = { clientId: "vitrine-teste", clientSecret: "segredo-do-cliente" };

async function startFakeProvider(): Promise<FakeProvider> {
  const published = await generateKeyPair("RS256", { extractable: true });
  const other = await generateKeyPair("RS256", { extractable: true });
  const kid = "chave-publicada";
  const jwk = { ...(await exportJWK(published.publicKey)), kid, alg: "RS256", use: "sig" };
  const challenges = new Map<string, { challenge: string; nonce: string }>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", provider.issuer);
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    if (url.pathname === "/.well-known/openid-configuration") {
      return json(200, {
        issuer: provider.issuer,
        authorization_endpoint: `${provider.issuer}/authorize`,
        token_endpoint: `${provider.issuer}/token`,
        jwks_uri: `${provider.issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["client_secret_basic"],
      });
    }
    if (url.pathname === "/jwks") return json(200, { keys: [jwk] });
    if (url.pathname === "/authorize") {
      // The visitor "answers" at once: a code bound to the PKCE challenge and the nonce.
      const code = `codigo-${challenges.size + 1}`;
      challenges.set(code, {
        challenge: url.searchParams.get("code_challenge") ?? "",
        nonce: url.searchParams.get("nonce") ?? "",
      });
      const back = new URL(url.searchParams.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      return res.writeHead(303, { Location: back.href }).end();
    }
    if (url.pathname === "/token" && req.method === "POST") {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        provider.tokenCalls += 1;
        const params = new URLSearchParams(body);
        // client_secret_basic: the id and secret form-urlencoded (RFC 6749 §2.3.1), then base64.
        const basic = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString();
        const [id = "", secret = ""] = basic.split(":").map((part) => decodeURIComponent(part.replace(/\+/g, " ")));
        const issued = challenges.get(params.get("code") ?? "");
        const verifier = params.get("code_verifier") ?? "";
        const pkceOk = issued && createHash("sha256").update(verifier).digest("base64url") === issued.challenge;
        if (id !== CLIENT.clientId || secret !== CLIENT.clientSecret || !pkceOk)
          return json(400, { error: "invalid_grant" });
        challenges.delete(params.get("code")!);
        void provider
          .mint({ nonce: issued.nonce, issuer: provider.issuer, clientId: CLIENT.clientId })
          .then((idToken) =>
            json(200, { access_token: "at", token_type: "Bearer", expires_in: 60, id_token: idToken }),
          );
      });
      return;
    }
    json(404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const provider: FakeProvider = {
    issuer: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mint: (input) => idToken(input),
    minting: (claims, key, kidOf) => (input) => idToken(input, claims, key, kidOf),
    publishedKey: published.privateKey,
    otherKey: other.privateKey,
    kid,
    tokenCalls: 0,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  /** A correct ID token, changed by `claims` and signed by `key` (the published one by default). */
  const idToken = (input: MintInput, claims: JWTPayload = {}, key: CryptoKey = provider.publishedKey, kidOf = kid) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: input.issuer,
      aud: input.clientId,
      sub: "visitante",
      nonce: input.nonce,
      iat: now,
      exp: now + 300,
      age_over_18: true,
      ...claims,
    })
      .setProtectedHeader({ alg: "RS256", kid: kidOf })
      .sign(key);
  };
  return provider;
}

let provider: FakeProvider;

before(async () => {
  provider = await startFakeProvider();
});
const ctx = useTestContext(() => ({ ageAssurance: verifierMode({ issuer: provider.issuer, ...CLIENT }) }));
after(async () => {
  await provider.close();
});

/** One check through the site's real routes, the fake provider's token endpoint minting with `mint`. */
async function checkWith(mint: FakeProvider["mint"]) {
  provider.mint = mint;
  const browser = new TestBrowser(ctx.app);
  const authorization = await browser.startCheck("/cidade/x");
  const answer = await fetch(authorization, { redirect: "manual" });
  const callback = new URL(String(answer.headers.get("location")));
  const calls = provider.tokenCalls;
  const res = await browser.get(callback.pathname + callback.search);
  assert.equal(provider.tokenCalls, calls + 1, "the code was exchanged");
  const [row] = await ctx.app.db.select().from(ageChecks).orderBy(desc(ageChecks.completedAt)).limit(1);
  const listing = await browser.get("/api/models/public");
  return {
    location: res.headers.location,
    passSet: [res.headers["set-cookie"]].flat().some((c) => String(c).startsWith(`${AGE_PASS_COOKIE}=ey`)),
    outcome: row?.outcome,
    listing: listing.statusCode,
  };
}

const refused = { location: "/cidade/x?idade=falhou", passSet: false, outcome: "error", listing: 403 };

describe("ID tokens the site must refuse (through /api/age/start and /api/age/callback)", () => {
  test("a correct token passes (the fake provider is sound)", async () => {
    assert.deepEqual(await checkWith(provider.minting()), {
      location: "/cidade/x",
      passSet: true,
      outcome: "over18",
      listing: 200,
    });
  });

  test("a wrong nonce", async () => {
    assert.deepEqual(await checkWith(provider.minting({ nonce: "outro-nonce" })), refused);
  });

  test("no nonce", async () => {
    assert.deepEqual(await checkWith(provider.minting({ nonce: undefined })), refused);
  });

  test("signed by a key the verifier does not publish (same kid, and another kid)", async () => {
    assert.deepEqual(await checkWith(provider.minting({}, provider.otherKey)), refused);
    assert.deepEqual(await checkWith(provider.minting({}, provider.otherKey, "outra-chave")), refused);
  });

  test("signed with the client secret (HS256) instead of the verifier's key", async () => {
    const hs256 = (input: MintInput) =>
      new SignJWT({ iss: input.issuer, aud: input.clientId, sub: "v", nonce: input.nonce, age_over_18: true })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(new TextEncoder().encode(CLIENT.clientSecret));
    assert.deepEqual(await checkWith(hs256), refused);
  });

  test("expired", async () => {
    const now = Math.floor(Date.now() / 1000);
    assert.deepEqual(await checkWith(provider.minting({ iat: now - 900, exp: now - 600 })), refused);
  });

  test("for another client (aud)", async () => {
    assert.deepEqual(await checkWith(provider.minting({ aud: "outro-site" })), refused);
  });

  test("from another issuer", async () => {
    assert.deepEqual(await checkWith(provider.minting({ iss: "https://verificador.example" })), refused);
  });

  test("the age claim missing, or not a boolean: error, no pass", async () => {
    assert.deepEqual(await checkWith(provider.minting({ age_over_18: undefined })), refused);
    assert.deepEqual(await checkWith(provider.minting({ age_over_18: "true" })), refused);
  });

  test("the age claim false: under 18, no pass", async () => {
    assert.deepEqual(await checkWith(provider.minting({ age_over_18: false })), {
      location: "/cidade/x?idade=menor",
      passSet: false,
      outcome: "under18",
      listing: 403,
    });
  });
});

describe("readAgeClaim and isAdultBirthdate", () => {
  test("a boolean claim: true, false, anything else null", () => {
    assert.equal(readAgeClaim({ age_over_18: true }, "age_over_18"), true);
    assert.equal(readAgeClaim({ age_over_18: false }, "age_over_18"), false);
    for (const value of [undefined, null, "true", 1, {}]) {
      assert.equal(readAgeClaim({ age_over_18: value }, "age_over_18"), null, String(value));
    }
  });

  test("birthdate: 18 on the birthday itself, in São Paulo's calendar", () => {
    assert.equal(readAgeClaim({ birthdate: "2008-03-10" }, "birthdate", "2026-03-10"), true);
    assert.equal(readAgeClaim({ birthdate: "2008-03-11" }, "birthdate", "2026-03-10"), false);
    assert.equal(isAdultBirthdate("2008-02-29", "2026-02-28"), false);
    assert.equal(isAdultBirthdate("2008-02-29", "2026-03-01"), true);
  });

  test("a year alone counts as its last day; no year or not a date is null", () => {
    assert.equal(isAdultBirthdate("2008", "2026-12-30"), false);
    assert.equal(isAdultBirthdate("2008", "2026-12-31"), true);
    for (const value of ["0000-03-10", "10/03/2008", "2008-13-01", "2008-1-1", ""]) {
      assert.equal(isAdultBirthdate(value, "2026-03-10"), null, value);
    }
    assert.equal(readAgeClaim({ birthdate: 20080310 }, "birthdate"), null);
  });
});

describe("boundToFlow: an ID token is only its own flow's answer", () => {
  const claims = { aud: "age-client" };
  test("its audience names this flow's client, and azp (when given or several audiences) is this client", () => {
    assert.equal(boundToFlow(claims, undefined, "age-client", "openid idade"), null);
    assert.equal(boundToFlow({ aud: "identity-client" }, undefined, "age-client", "openid idade"), "aud");
    assert.equal(boundToFlow({ aud: ["age-client", "other"] }, undefined, "age-client", "openid idade"), "azp");
    assert.equal(
      boundToFlow({ aud: ["age-client", "other"], azp: "age-client" }, undefined, "age-client", "openid"),
      null,
    );
    assert.equal(boundToFlow({ aud: "age-client", azp: "identity-client" }, undefined, "age-client", "openid"), "azp");
  });
  test("the granted scope holds every scope this flow asked for (absent: as asked)", () => {
    assert.equal(boundToFlow(claims, "openid idade", "age-client", "openid idade"), null);
    assert.equal(boundToFlow(claims, "openid identidade", "age-client", "openid idade"), "scope");
    assert.equal(boundToFlow(claims, "openid", "age-client", "openid idade"), "scope");
  });
});
