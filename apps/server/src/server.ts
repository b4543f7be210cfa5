import path from "node:path";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { prepareDatabase } from "./db/prepare";
import { startJobs } from "./jobs";
import { armFailpoint } from "./lib/failpoint";
import { assertPasswordHashCostForProduction, usePasswordHashCost } from "./lib/passwords";
import { restrictToOwner } from "./lib/owner-only";
import { assertAgeAssuranceForProduction } from "./modules/age-assurance/production";
import { assertMailForProduction } from "./modules/mail/production";
import { assertIdentityVerifierForProduction } from "./modules/verification/production";
import { sweepStorage } from "./modules/models/stored-files";
import { assertPublicOriginConfigured } from "./modules/settings/service";
import { serve } from "./serve";
import { warmFilterIndex } from "./modules/public-models/service";

// Everything this process creates (database files, photos, secrets) is readable by its owner only.
process.umask(0o077);
const config = loadConfig();
// In production the age-assurance mode is chosen explicitly, and a verifier is a real one (never the demo's).
assertAgeAssuranceForProduction(config.ageAssurance, process.env.NODE_ENV === "production");
// In production e-mail must be deliverable (account confirmation, password resets): SMTP_URL is required.
assertMailForProduction(config, process.env.NODE_ENV === "production");
// The identity verifier of advertisers, when one is configured, is a real one over https (never the demo's).
assertIdentityVerifierForProduction(config.identityVerifier, process.env.NODE_ENV === "production");
// Passwords are hashed at the standard cost in production; the test cost is for test suites.
assertPasswordHashCostForProduction(config.passwordHashCost, process.env.NODE_ENV === "production");
usePasswordHashCost(config.passwordHashCost);
armFailpoint(config.failpoint);
const { database, log } = await prepareDatabase(config);
if (database.kind === "pglite") await restrictToOwner(path.join(config.dataDir, "pglite"));
const app = await buildApp({ config, database });
// In production every absolute URL needs a configured origin (PUBLIC_URL or site_url): refuse to start without one.
await assertPublicOriginConfigured(app);

// Finish file moves and deletions a crash interrupted: all of them now (no upload is in progress yet); the
// scheduled "storage-sweep" job does the ones left behind while running.
const swept = await sweepStorage({ db: app.db, storage: app.storage, stagedGraceMs: 0 });
if (swept.deleted + swept.committed + swept.discarded > 0) log.info(swept, "arquivos pendentes concluídos");
// Plan expiries, payment deadlines, reconciliation with Mercado Pago and clean-ups (src/jobs), stopped on close.
startJobs({ app, database });

await serve(app, database, config);
// The listing's filter index is read whole once (decision 080): now, in the background, rather than by the first
// visitor of a listing.
warmFilterIndex(app.db, app.publicCache).catch((error: unknown) => log.warn({ error }, "índice de filtros adiado"));
log.info(`Vitrine em http://localhost:${config.port} (banco: ${database.kind})`);
