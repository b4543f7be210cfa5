import { buildApp } from "./app";
import { loadConfig } from "./config";
import { prepareDatabase } from "./db/prepare";
import { serve } from "./serve";

const config = loadConfig();
const { database, log } = await prepareDatabase(config);
const app = await buildApp({ config, database });
await serve(app, database, config);
log.info(`Vitrine em http://localhost:${config.port} (banco: ${database.kind})`);
