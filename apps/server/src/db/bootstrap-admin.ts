import { randomBytes } from "node:crypto";
import { count } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { hashPassword } from "../lib/passwords";
import type { Db } from "./client";
import { admins } from "./schema";

/**
 * The framed console block that shows a generated first-admin password: printed once, on stdout (not as a log
 * line), because it is the only place the password ever appears.
 */
export function formatFirstAdminBlock(input: { email: string; password: string }): string {
  const lines = [
    "Administrador criado",
    "",
    `  e-mail: ${input.email}`,
    `  senha:  ${input.password}`,
    "",
    "Anote a senha agora: ela não será mostrada de novo.",
    "Troque a senha no primeiro acesso (o painel pede a troca).",
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = "═".repeat(width + 4);
  return [`╔${rule}╗`, ...lines.map((line) => `║  ${line.padEnd(width)}  ║`), `╚${rule}╝`, ""].join("\n");
}

/**
 * With no admin yet: ADMIN_EMAIL/ADMIN_PASSWORD create the first one; without ADMIN_PASSWORD, the e-mail (or
 * admin@localhost) gets a random password, printed once to the console, and must change it at the first
 * sign-in. A password chosen in ADMIN_PASSWORD is the operator's own and is not forced to change. There is never
 * a fixed default password.
 */
export async function bootstrapAdmin(
  db: Db,
  opts: {
    email?: string;
    password?: string;
    log: Pick<FastifyBaseLogger, "info">;
    /** Where the generated password's block goes; the console's stdout by default. */
    print?: (text: string) => void;
  },
): Promise<void> {
  const [{ value }] = await db.select({ value: count() }).from(admins);
  if (value > 0) return;
  const email = (opts.email ?? "admin@localhost").trim().toLowerCase();
  const generated = !opts.password;
  const password = opts.password ?? randomBytes(12).toString("base64url");
  const created = await db
    .insert(admins)
    .values({
      email,
      username: email.split("@")[0] || "admin",
      passwordHash: await hashPassword(password),
      mustChangePassword: generated,
    })
    .onConflictDoNothing()
    .returning({ id: admins.id });
  if (!created.length) return;
  if (generated) {
    const print = opts.print ?? ((text: string) => process.stdout.write(text));
    print(formatFirstAdminBlock({ email, password }));
  }
  opts.log.info(`Primeiro administrador criado: ${email}`);
}
