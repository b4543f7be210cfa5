import { randomBytes } from "node:crypto";
import { count } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { hashPassword } from "../lib/passwords";
import type { Db } from "./client";
import { admins } from "./schema";

/**
 * With no admin yet: ADMIN_EMAIL/ADMIN_PASSWORD create the first one; without them, admin@localhost with a
 * random password printed once to the log. There is never a fixed default password.
 */
export async function bootstrapAdmin(
  db: Db,
  opts: { email?: string; password?: string; log: Pick<FastifyBaseLogger, "warn" | "info"> },
): Promise<void> {
  const [{ value }] = await db.select({ value: count() }).from(admins);
  if (value > 0) return;
  const email = (opts.email ?? "admin@localhost").trim().toLowerCase();
  const generated = !opts.password;
  const password = opts.password ?? randomBytes(12).toString("base64url");
  await db
    .insert(admins)
    .values({ email, username: email.split("@")[0] || "admin", passwordHash: await hashPassword(password) })
    .onConflictDoNothing();
  if (generated) {
    opts.log.warn(
      `Primeiro administrador criado: ${email} com a senha ${password} — anote-a agora, ela não será mostrada de novo.`,
    );
  } else {
    opts.log.info(`Primeiro administrador criado: ${email}`);
  }
}
