import type { FastifyInstance } from "fastify";
import type { Config } from "./config";
import type { Database } from "./db/client";

/** Listens on the configured port and closes the app and the database cleanly on SIGINT/SIGTERM. */
export async function serve(app: FastifyInstance, database: Database, config: Config): Promise<void> {
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
}
