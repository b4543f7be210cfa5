import { CONFIRM_LINK_INVALID, RESET_LINK_INVALID } from "@vitrine/contracts";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { admins, models } from "../../db/schema";
import { badRequest, conflict, isUniqueViolation } from "../../lib/app-error";
import { hashPassword } from "../../lib/passwords";
import {
  kickMail,
  type LinkOwner,
  notifySecurityChange,
  sendEmailConfirmation,
  sendPasswordResetLink,
  useLinkToken,
} from "../mail/service";
import { isModelVisible, recordModelChange } from "../models/publish";
import { markAccessReviewDue } from "../recent-proof/store";
import { endSessions, type SessionAccount } from "../sessions/service";

/**
 * "Esqueci minha senha" answers no sooner than this after the request arrived, whether or not the e-mail has an
 * account: the work done for a real account (a token, a message) must not be told apart by the time taken.
 */
export const FORGOT_PASSWORD_MIN_MS = 400;

/** "Reenviar": a new confirmation link for her pending or current address; 409 when nothing awaits confirmation. */
export async function resendEmailConfirmation(app: FastifyInstance, modelId: number, fallbackOrigin: string) {
  const [model] = await app.db.select().from(models).where(eq(models.id, modelId));
  if (!model || model.emailConfirmedAt) throw conflict("Seu e-mail já está confirmado");
  await sendEmailConfirmation(app, { model, email: model.email, fallbackOrigin });
}

/**
 * Opens a confirmation link: the address it was sent to becomes hers and confirmed (a change of e-mail takes
 * effect only now, and her old address is told). Confirming can make her public, so the live stream is told. A
 * used, expired or unknown link is 400; the address taken by another account meanwhile is 409.
 */
export async function confirmEmail(app: FastifyInstance, token: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    const row = await useLinkToken(tx, "confirm", token);
    if (!row?.modelId) throw badRequest(CONFIRM_LINK_INVALID);
    const before = await isModelVisible({ db: tx, modelId: row.modelId });
    const [old] = await tx.select({ email: models.email }).from(models).where(eq(models.id, row.modelId));
    try {
      const updated = await tx
        .update(models)
        .set({
          email: row.email,
          emailConfirmedAt: sql`coalesce(${models.emailConfirmedAt}, now())`,
          updatedAt: new Date(),
        })
        .where(and(eq(models.id, row.modelId), isNull(models.deletedAt)))
        .returning({ id: models.id });
      if (!updated.length) throw badRequest(CONFIRM_LINK_INVALID);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict("Este e-mail já é de outra conta");
      throw err;
    }
    if (old && old.email !== row.email) {
      await notifySecurityChange(tx, { kind: "model", id: row.modelId }, "email_changed", old.email);
    }
    await recordModelChange(tx, row.modelId, { before });
  });
  kickMail(app);
  await app.events.deliver();
}

/**
 * "Esqueci minha senha": when an account of that role has the e-mail (a model's not deleted; a banned one too: she
 * still signs in to read the decision and appeal), a reset link valid 30 minutes is sent; nothing otherwise. The
 * caller answers the same either way.
 */
export async function requestPasswordReset(
  app: FastifyInstance,
  input: { email: string; role: "model" | "admin"; fallbackOrigin: string },
): Promise<void> {
  let owner: LinkOwner | null = null;
  let address = "";
  if (input.role === "admin") {
    const [admin] = await app.db.select().from(admins).where(eq(admins.email, input.email));
    if (admin) [owner, address] = [{ adminId: admin.id }, admin.email];
  } else {
    const [model] = await app.db
      .select()
      .from(models)
      .where(and(eq(models.email, input.email), isNull(models.deletedAt)));
    if (model) [owner, address] = [{ modelId: model.id }, model.email];
  }
  if (owner) await sendPasswordResetLink(app, { owner, address, fallbackOrigin: input.fallbackOrigin });
}

/**
 * What a new password chosen through a reset link does besides replacing the old one, in its transaction: every
 * session of the account ends (whoever had her password is signed out), she is e-mailed, and her next sign-in first
 * shows her passkeys and sessions to remove what she does not recognise (the access review).
 */
async function afterPasswordReset(tx: Db, account: SessionAccount): Promise<void> {
  await endSessions(tx, account);
  await notifySecurityChange(tx, account, "password_changed");
  await markAccessReviewDue(tx, account);
}

/**
 * Uses a reset link: the new password replaces the old and the session version moves (every token signed before
 * fails); then afterPasswordReset. Answers whose account it was, so the page sends her to the right login. 400 for
 * a used, expired or unknown link.
 */
export async function resetPassword(
  app: FastifyInstance,
  input: { token: string; password: string },
): Promise<{ role: "model" | "admin" }> {
  const passwordHash = await hashPassword(input.password);
  const role = await app.db.transaction(async (tx) => {
    const row = await useLinkToken(tx, "reset", input.token);
    if (row?.modelId) {
      const updated = await tx
        .update(models)
        .set({ passwordHash, sessionVersion: sql`${models.sessionVersion} + 1`, updatedAt: new Date() })
        .where(and(eq(models.id, row.modelId), isNull(models.deletedAt)))
        .returning({ id: models.id });
      if (updated.length) {
        await afterPasswordReset(tx, { kind: "model", id: row.modelId });
        return "model" as const;
      }
    } else if (row?.adminId) {
      // A password she chose herself: no longer the generated one that had to be changed.
      await tx
        .update(admins)
        .set({ passwordHash, sessionVersion: sql`${admins.sessionVersion} + 1`, mustChangePassword: false })
        .where(eq(admins.id, row.adminId));
      await afterPasswordReset(tx, { kind: "admin", id: row.adminId });
      return "admin" as const;
    }
    throw badRequest(RESET_LINK_INVALID);
  });
  kickMail(app);
  return { role };
}
