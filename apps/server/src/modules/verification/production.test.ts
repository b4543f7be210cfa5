// Needs no database: runs once, in the PostgreSQL half of the server tests (scripts/test.sh).
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { loadConfig } from "../../config";
import { DEMO_IDENTITY_VERIFIER } from "../../fake-age-verifier/identity";
import {
  assertIdentityVerifierForProduction,
  DEMO_IDENTITY_VERIFIER_IN_PRODUCTION_MESSAGE,
  HTTP_IDENTITY_VERIFIER_IN_PRODUCTION_MESSAGE,
} from "./production";

const dataDir = mkdtempSync(path.join(tmpdir(), "vitrine-identity-production-"));
after(() => rmSync(dataDir, { recursive: true, force: true }));

const identityConfig = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env }).identityVerifier;

describe("IDENTITY_VERIFIER_* configuration", () => {
  test("read apart from the age verifier, birthdate by default; unset = review only", () => {
    assert.equal(identityConfig({ AGE_VERIFIER_ISSUER: "https://idade.example", AGE_VERIFIER_CLIENT_ID: "x" }), null);
    assert.deepEqual(
      identityConfig({
        IDENTITY_VERIFIER_ISSUER: "https://identidade.example",
        IDENTITY_VERIFIER_CLIENT_ID: "vitrine",
        IDENTITY_VERIFIER_CLIENT_SECRET: "segredo",
        IDENTITY_VERIFIER_SCOPE: "identity",
        IDENTITY_VERIFIER_NAME: "Verificador Exemplo",
      }),
      {
        issuer: "https://identidade.example",
        clientId: "vitrine",
        clientSecret: "segredo",
        claim: "birthdate",
        scope: "identity",
        name: "Verificador Exemplo",
      },
    );
    assert.throws(() => identityConfig({ IDENTITY_VERIFIER_ISSUER: "https://identidade.example" }), {
      message: "IDENTITY_VERIFIER_CLIENT_ID é obrigatório com IDENTITY_VERIFIER_ISSUER",
    });
    assert.throws(() => identityConfig({ IDENTITY_VERIFIER_ISSUER: "ftp://x", IDENTITY_VERIFIER_CLIENT_ID: "v" }), {
      message: /IDENTITY_VERIFIER_ISSUER deve ser o endereço http\(s\)/,
    });
  });

  test("production refuses the demonstration verifier and a plain-http issuer; none or a real https one starts", () => {
    const demo = identityConfig({
      IDENTITY_VERIFIER_ISSUER: "https://127.0.0.1:5056",
      IDENTITY_VERIFIER_CLIENT_ID: DEMO_IDENTITY_VERIFIER.clientId,
    });
    assert.throws(() => assertIdentityVerifierForProduction(demo, true), {
      message: DEMO_IDENTITY_VERIFIER_IN_PRODUCTION_MESSAGE,
    });
    const http = identityConfig({
      IDENTITY_VERIFIER_ISSUER: "http://verificador.example",
      IDENTITY_VERIFIER_CLIENT_ID: "v",
    });
    assert.throws(() => assertIdentityVerifierForProduction(http, true), {
      message: HTTP_IDENTITY_VERIFIER_IN_PRODUCTION_MESSAGE,
    });
    assertIdentityVerifierForProduction(demo, false);
    assertIdentityVerifierForProduction(null, true);
    const real = identityConfig({
      IDENTITY_VERIFIER_ISSUER: "https://verificador.example",
      IDENTITY_VERIFIER_CLIENT_ID: "v",
    });
    assertIdentityVerifierForProduction(real, true);
  });
});
