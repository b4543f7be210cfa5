import { EMAIL_UNCONFIRMED_MESSAGE, type NotificationKind, NOTIFICATION_KINDS } from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { type ModelRow, models } from "../../db/schema";
import { AppError, rateLimited } from "../../lib/app-error";
import { confirmEmailMessage, resetPasswordMessage } from "./messages";
import { kickMail } from "./outbox";

export { deliverDueMail, kickMail, mailerOf, pruneMail } from "./outbox";
export { notifyModel } from "./notify";
export * from "./notifications";
export * as mailMessages from "./messages";
import { mailOrigin, queueRendered } from "./send";
import { countRecentLinks, issueLinkToken, type LinkOwner } from "./tokens";

export type { LinkOwner };

/** Links of one purpose one account may be sent in RECENT_WINDOW_MS: nobody can flood an inbox through the site. */
const RECENT_LINKS_MAX = 3;
const RECENT_WINDOW_MS = 15 * 60_000;

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

/**
 * Sends a password-reset link valid 30 minutes to `address`, the e-mail of `owner` (the caller found the account),
 * unless RECENT_LINKS_MAX were sent to it in the last minutes. The token and the message are written in one
 * transaction, then sent at once when SMTP is up. Answers whether one was sent.
 */
export async function sendPasswordResetLink(
  app: FastifyInstance,
  input: { owner: LinkOwner; address: string; fallbackOrigin: string },
): Promise<boolean> {
  const origin = await mailOrigin(app, input.fallbackOrigin);
  const sent = await app.db.transaction(async (tx) => {
    const since = new Date(Date.now() - RECENT_WINDOW_MS);
    if ((await countRecentLinks(tx, "reset", input.owner, since)) >= RECENT_LINKS_MAX) return false;
    const token = await issueLinkToken(tx, { purpose: "reset", owner: input.owner, email: input.address });
    const url = `${origin}/redefinir-senha?token=${token}`;
    await queueRendered(tx, { kind: "reset", to: input.address, content: resetPasswordMessage(url) });
    return true;
  });
  if (sent) kickMail(app);
  return sent;
}

export { useLinkToken } from "./tokens";
