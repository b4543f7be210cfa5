import type { AdminAccountBodySchema } from "@vitrine/contracts";
import { and, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { admins } from "../../db/schema";
import { conflict, isUniqueViolation, unauthorized, validationError } from "../../lib/app-error";
import { hashPassword } from "../../lib/passwords";
import { assertPassword } from "../account/service";
import { auditAdminChange } from "../audit/service";
import { notifySecurityChange } from "../mail/service";

const EMAIL_TAKEN = { path: "email", message: "E-mail já cadastrado" };
const NEW_PASSWORD_REQUIRED = "Escolha uma nova senha";
const SAME_PASSWORD = "A nova senha deve ser diferente da senha gerada";

/**
 * The signed-in admin changes their e-mail and/or password, confirming with the current password (under the same
 * per-account backoff as the login). A wrong password answers 400 on current_password, not 401: the web treats
 * any 401 as an ended session. The session version is raised, so every other session of this admin ends; the
 * caller signs a fresh token for this device with the version returned. An admin whose password the server
 * generated must send a new, different one (the only admin call they may make until then).
 */
export async function changeAdminAccount(input: {
  db: Db;
  adminId: number;
  body: z.output<typeof AdminAccountBodySchema>;
  attempt: { ip: string; secret: string };
}) {
  const { db, adminId, body, attempt } = input;
  const account = { kind: "admin" as const, id: adminId };
  await assertPassword({ db, account, password: body.current_password, path: "current_password", attempt });
  const [admin] = await db.select().from(admins).where(eq(admins.id, adminId));
  if (!admin) throw unauthorized();
  if (admin.mustChangePassword && !body.new_password) {
    throw validationError([{ path: "new_password", message: NEW_PASSWORD_REQUIRED }], NEW_PASSWORD_REQUIRED);
  }
  if (admin.mustChangePassword && body.new_password === body.current_password) {
    throw validationError([{ path: "new_password", message: SAME_PASSWORD }], SAME_PASSWORD);
  }
  const email = body.email && body.email !== admin.email ? body.email : undefined;
  if (email) {
    const taken = await db
      .select({ id: admins.id })
      .from(admins)
      .where(and(eq(admins.email, email), ne(admins.id, adminId)));
    if (taken.length) throw conflict(EMAIL_TAKEN.message, [EMAIL_TAKEN]);
  }
  const passwordHash = body.new_password ? await hashPassword(body.new_password) : undefined;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(admins)
        .set({
          ...(email && { email }),
          // Choosing a password ends the forced change of a server-generated one.
          ...(passwordHash && { passwordHash, mustChangePassword: false }),
          sessionVersion: sql`${admins.sessionVersion} + 1`,
        })
        .where(eq(admins.id, adminId))
        .returning();
      await auditAdminChange(tx, adminId, "admin.account", ["admin", adminId], {
        // Never the password: only that it changed.
        ...(email && { email: { from: admin.email, to: email } }),
        password_changed: Boolean(passwordHash),
      });
      // She is e-mailed at the address she had, the one a changed e-mail leaves behind.
      const account = { kind: "admin" as const, id: adminId };
      if (email) await notifySecurityChange(tx, account, "email_changed", admin.email);
      if (passwordHash) await notifySecurityChange(tx, account, "password_changed", admin.email);
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN.message, [EMAIL_TAKEN]);
    throw err;
  }
}
