import { buildApp } from "./app";
import { loadConfig } from "./config";
import { prepareDatabase } from "./db/prepare";

const config = loadConfig();
const { database, log } = await prepareDatabase(config);
const app = await buildApp({ config, database });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} recebido, encerrando`);
  await app.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ port: config.port, host: config.host });
log.info(`Vitrine em http://localhost:${config.port} (banco: ${database.kind})`);
