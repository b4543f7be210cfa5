import path from "node:path";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { prepareDatabase } from "../db/prepare";
import { startDemoAgeVerifier } from "../fake-age-verifier/demo-verifier";
import { DEMO_AGE_VERIFIER, DEMO_IDENTITY_VERIFIER } from "../fake-age-verifier/identity";
import { startFakeMercadoPago } from "../fake-mercadopago/fake-mercadopago";
import { startDemoInbox } from "../fake-smtp/demo-inbox";
import { startJobs } from "../jobs";
import { serve } from "../serve";
import { configureDemoPayments, DEMO_MP_ACCESS_TOKEN, DEMO_MP_WEBHOOK_SECRET } from "./demo-payments";
import { DEMO_MODEL_PASSWORD, seedDemo } from "./seed-demo";

/**
 * npm run demo: the site with a demo database of a few hundred models, kept apart from the real data:
 * DEMO_DATA_DIR (default ./data-demo) with its own PGlite, or DEMO_DATABASE_URL for a PostgreSQL database of
 * its own. DATA_DIR and DATABASE_URL are deliberately ignored, so the demo never writes into real data.
 *
 * Payments work without internet: a local fake Mercado Pago starts next to the site (DEMO_MP_PORT, default 5055;
 * it refuses to start with NODE_ENV=production), and its "Simulador Mercado Pago" page approves, rejects or
 * refunds a checkout with correctly signed webhooks.
 *
 * Ages are checked as in production with a verifier (AGE_ASSURANCE=verifier): a local demonstration verifier, a
 * real OpenID Connect provider, starts next to the site (DEMO_AGE_PORT, default 5056; it too refuses
 * NODE_ENV=production), and its page "Verificador de idade (demonstração)" answers "Maior de 18", "Menor de 18" or
 * "Cancelar".
 *
 * E-mail goes to a local demonstration inbox (SMTP on DEMO_SMTP_PORT, default 5025; its page "Caixa de entrada da
 * demonstração" on DEMO_INBOX_PORT, default 5057; it too refuses NODE_ENV=production): confirmation links, password
 * resets and notifications can be read and opened there.
 */
const env = process.env;
const dataDir = path.resolve(env.DEMO_DATA_DIR ?? "./data-demo");
const adminEmail = env.DEMO_ADMIN_EMAIL ?? "admin@vitrine.demo";
const adminPassword = env.DEMO_ADMIN_PASSWORD ?? "demo-admin-123";

const fakeMp = await startFakeMercadoPago({
  port: Number(env.DEMO_MP_PORT ?? 5055),
  publicUrl: env.DEMO_MP_PUBLIC_URL ?? `http://localhost:${env.DEMO_MP_PORT ?? 5055}`,
  webhookSecret: DEMO_MP_WEBHOOK_SECRET,
  accessTokens: [DEMO_MP_ACCESS_TOKEN],
});

const ageVerifier = await startDemoAgeVerifier({ port: Number(env.DEMO_AGE_PORT ?? 5056) });
const inbox = await startDemoInbox({
  smtpPort: Number(env.DEMO_SMTP_PORT ?? 5025),
  httpPort: Number(env.DEMO_INBOX_PORT ?? 5057),
});

const config = loadConfig({
  ...env,
  MERCADOPAGO_API_URL: fakeMp.url,
  AGE_ASSURANCE: "verifier",
  AGE_VERIFIER_ISSUER: ageVerifier.issuer,
  AGE_VERIFIER_CLIENT_ID: ageVerifier.clientId,
  AGE_VERIFIER_CLIENT_SECRET: ageVerifier.clientSecret,
  AGE_VERIFIER_CLAIM: "age_over_18",
  AGE_VERIFIER_SCOPE: DEMO_AGE_VERIFIER.scope,
  AGE_VERIFIER_NAME: DEMO_AGE_VERIFIER.name,
  // The same demonstration provider verifies advertisers' identity (its "identidade" scope asks a birth date).
  IDENTITY_VERIFIER_ISSUER: ageVerifier.issuer,
  IDENTITY_VERIFIER_CLIENT_ID: ageVerifier.clientId,
  IDENTITY_VERIFIER_CLIENT_SECRET: ageVerifier.clientSecret,
  IDENTITY_VERIFIER_CLAIM: DEMO_IDENTITY_VERIFIER.claim,
  IDENTITY_VERIFIER_SCOPE: DEMO_IDENTITY_VERIFIER.scope,
  IDENTITY_VERIFIER_NAME: DEMO_IDENTITY_VERIFIER.name,
  SMTP_URL: inbox.smtpUrl,
  DATA_DIR: dataDir,
  DATABASE_URL: env.DEMO_DATABASE_URL ?? "",
  ADMIN_EMAIL: adminEmail,
  ADMIN_PASSWORD: adminPassword,
});
const { database, log } = await prepareDatabase(config);
const app = await buildApp({ config, database });

const started = Date.now();
const outcome = await seedDemo(app, (line) => log.info(line));
log.info(
  outcome === "seeded"
    ? `Dados de demonstração criados em ${((Date.now() - started) / 1000).toFixed(1)} s`
    : "Dados de demonstração já existentes reaproveitados",
);

await configureDemoPayments(app.db);
app.addHook("onClose", () => fakeMp.close());
app.addHook("onClose", () => ageVerifier.close());
app.addHook("onClose", () => inbox.close());

startJobs({ app, database });
await serve(app, database, config);
log.info(`Demonstração da Vitrine em http://localhost:${config.port} (banco: ${database.kind}, dados em ${dataDir})`);
log.info(`Admin: ${adminEmail} / ${adminPassword} — modelos: demo1@vitrine.demo … / ${DEMO_MODEL_PASSWORD}`);
log.info(`Mercado Pago simulado em ${fakeMp.url} (pagamentos de teste: Aprovar / Recusar / Estornar no simulador)`);
log.info(`Verificador de idade de demonstração em ${ageVerifier.issuer} (Maior de 18 / Menor de 18 / Cancelar)`);
log.info(`E-mails enviados pelo site: caixa de entrada de demonstração em ${inbox.url}`);
log.info(`Verificador de identidade de demonstração no mesmo endereço (data de nascimento e documento, ou Cancelar)`);
if (!config.webDistDir) log.warn("Site não compilado: rode `npm run build` (npm run demo já faz isso).");
