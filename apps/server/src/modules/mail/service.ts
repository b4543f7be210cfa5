import {
  CONFIRM_LINK_INVALID,
  EMAIL_UNCONFIRMED_MESSAGE,
  type NotificationKind,
  NOTIFICATION_KINDS,
  RESET_LINK_INVALID,
} from "@vitrine/contracts";
import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { admins, type ModelRow, models } from "../../db/schema";
import { AppError, badRequest, conflict, isUniqueViolation, rateLimited } from "../../lib/app-error";
import { hashPassword } from "../../lib/passwords";
import { isModelVisible, recordModelChange } from "../models/publish";
import { endSessions } from "../sessions/service";
import { confirmEmailMessage, resetPasswordMessage } from "./messages";
import { kickMail } from "./outbox";

export { deliverDueMail, kickMail, mailerOf, pruneMail } from "./outbox";
export { notifyModel } from "./notify";
export * from "./notifications";
export * as mailMessages from "./messages";
import { mailOrigin, queueRendered } from "./send";
import { countRecentLinks, issueLinkToken, type LinkOwner, useLinkToken } from "./tokens";

/** Links of one purpose one account may be sent in RECENT_WINDOW_MS: nobody can flood an inbox through the site. */
const RECENT_LINKS_MAX = 3;
const RECENT_WINDOW_MS = 15 * 60_000;
/**
 * "Esqueci minha senha" answers no sooner than this after the request arrived, whether or not the e-mail has an
 * account: the work done for a real account (a token, a message) must not be told apart by the time taken.
 */
export const FORGOT_PASSWORD_MIN_MS = 400;

/** 403 EMAIL_UNCONFIRMED: what she may not do (pay) before confirming her e-mail. */
export function assertEmailConfirmed(model: Pick<ModelRow, "emailConfirmedAt">): void {
  if (!model.emailConfirmedAt) throw new AppError(403, "EMAIL_UNCONFIRMED", EMAIL_UNCONFIRMED_MESSAGE);
}

/**
 * Sends a confirmation link for `email` (her current address at registration, or the new one she asked for):
 * the token and the message are written in one transaction, then sent at once when SMTP is up.
 */
export async function sendEmailConfirmation(
  app: FastifyInstance,
  input: { model: Pick<ModelRow, "id" | "name">; email: string; fallbackOrigin?: string },
): Promise<void> {
  const origin = await mailOrigin(app, input.fallbackOrigin);
  const owner = { modelId: input.model.id };
  await app.db.transaction(async (tx) => {
    if ((await countRecentLinks(tx, "confirm", owner, new Date(Date.now() - RECENT_WINDOW_MS))) >= RECENT_LINKS_MAX) {
      throw rateLimited("Já enviamos vários links agora há pouco. Aguarde alguns minutos e tente de novo.");
    }
    const token = await issueLinkToken(tx, { purpose: "confirm", owner, email: input.email });
    const url = `${origin}/confirmar-email?token=${token}`;
    await queueRendered(tx, { kind: "confirm", to: input.email, content: confirmEmailMessage(input.model.name, url) });
  });
  kickMail(app);
}

/** "Reenviar": a new confirmation link for her pending or current address; 409 when nothing awaits confirmation. */
export async function resendEmailConfirmation(app: FastifyInstance, modelId: number, fallbackOrigin: string) {
  const [model] = await app.db.select().from(models).where(eq(models.id, modelId));
  if (!model || model.emailConfirmedAt) throw conflict("Seu e-mail já está confirmado");
  await sendEmailConfirmation(app, { model, email: model.email, fallbackOrigin });
}

/**
 * Opens a confirmation link: the address it was sent to becomes hers and confirmed (a change of e-mail takes
 * effect only now). Confirming can make her public, so the live stream is told. A used, expired or unknown link
 * is 400; the address taken by another account meanwhile is 409.
 */
export async function confirmEmail(app: FastifyInstance, token: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    const row = await useLinkToken(tx, "confirm", token);
    if (!row?.modelId) throw badRequest(CONFIRM_LINK_INVALID);
    const before = await isModelVisible({ db: tx, modelId: row.modelId });
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
    await recordModelChange(tx, row.modelId, { before });
  });
  await app.events.deliver();
}

/**
 * "Esqueci minha senha": when an account of that role has the e-mail (a model's not deleted; a banned one too: she
 * still signs in to read the decision and appeal), a reset
 * link valid 30 minutes is written with its message; nothing otherwise. The caller answers the same either way.
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
  if (!owner) return;
  const origin = await mailOrigin(app, input.fallbackOrigin);
  const found = owner;
  const sent = await app.db.transaction(async (tx) => {
    if ((await countRecentLinks(tx, "reset", found, new Date(Date.now() - RECENT_WINDOW_MS))) >= RECENT_LINKS_MAX) {
      return false;
    }
    const token = await issueLinkToken(tx, { purpose: "reset", owner: found, email: address });
    const url = `${origin}/redefinir-senha?token=${token}`;
    await queueRendered(tx, { kind: "reset", to: address, content: resetPasswordMessage(url) });
    return true;
  });
  if (sent) kickMail(app);
}

/**
 * Uses a reset link: the new password replaces the old, the session version moves (every token signed before
 * fails) and every session of the account ends — whoever had her password is signed out. Answers whose account
 * it was, so the page sends her to the right login. 400 for a used, expired or unknown link.
 */
export async function resetPassword(
  app: FastifyInstance,
  input: { token: string; password: string },
): Promise<{ role: "model" | "admin" }> {
  const passwordHash = await hashPassword(input.password);
  return app.db.transaction(async (tx) => {
    const row = await useLinkToken(tx, "reset", input.token);
    if (row?.modelId) {
      const updated = await tx
        .update(models)
        .set({ passwordHash, sessionVersion: sql`${models.sessionVersion} + 1`, updatedAt: new Date() })
        .where(and(eq(models.id, row.modelId), isNull(models.deletedAt)))
        .returning({ id: models.id });
      if (updated.length) {
        await endSessions(tx, { kind: "model", id: row.modelId });
        return { role: "model" as const };
      }
    } else if (row?.adminId) {
      // A password she chose herself: no longer the generated one that had to be changed.
      await tx
        .update(admins)
        .set({ passwordHash, sessionVersion: sql`${admins.sessionVersion} + 1`, mustChangePassword: false })
        .where(eq(admins.id, row.adminId));
      await endSessions(tx, { kind: "admin", id: row.adminId });
      return { role: "admin" as const };
    }
    throw badRequest(RESET_LINK_INVALID);
  });
}

/** Her notification switches: every kind on unless she switched it off. */
export function notificationSettings(
  model: Pick<ModelRow, "emailNotificationsOff">,
): Record<NotificationKind, boolean> {
  return Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, !model.emailNotificationsOff.includes(k)])) as Record<
    NotificationKind,
    boolean
  >;
}

export async function saveNotificationSettings(db: Db, modelId: number, on: Record<NotificationKind, boolean>) {
  const off = NOTIFICATION_KINDS.filter((k) => !on[k]);
  const [row] = await db
    .update(models)
    .set({ emailNotificationsOff: off, updatedAt: new Date() })
    .where(eq(models.id, modelId))
    .returning();
  return notificationSettings(row);
}

/** Whether an address is free for her (no other account, deleted or not, has it). */
export async function isEmailFree(db: Db, modelId: number, email: string): Promise<boolean> {
  const taken = await db
    .select({ id: models.id })
    .from(models)
    .where(and(or(eq(models.email, email)), ne(models.id, modelId)));
  return taken.length === 0;
}
