import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

export const healthRoutes: FastifyPluginAsyncZod<{ databaseKind: string }> = async (app, opts) => {
  app.get(
    "/health",
    { schema: { response: { 200: z.object({ status: z.literal("ok"), database: z.string() }) } } },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: "ok" as const, database: opts.databaseKind };
    },
  );
};
