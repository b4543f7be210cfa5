import { and, eq, inArray, isNotNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { emailTokens, mailOutbox } from "../../db/schema";
import { jobErrorMessage } from "../../jobs/scheduler";
import { createMailer, type Mailer } from "./mailer";

const mailers = new WeakMap<FastifyInstance, Mailer | null>();

/** The app's mailer, made once from its configuration (null without SMTP_URL). */
export function mailerOf(app: FastifyInstance): Mailer | null {
  if (!mailers.has(app)) mailers.set(app, createMailer(app.config));
  return mailers.get(app) ?? null;
}

/** Attempts before a message is given up (status failed): about 1 + 2 + 4 + 8 + 16 minutes of retries. */
export const MAIL_MAX_ATTEMPTS = 6;
/** A claimed message is not claimed again for this long (a sender that died mid-send is retried after it). */
const CLAIM_MS = 5 * 60_000;
/** Wait before the n-th retry: one minute, doubling. */
export const retryDelayMs = (attempts: number) => 60_000 * 2 ** Math.max(0, attempts - 1);

export type QueuedMail = { kind: string; to: string; subject: string; text: string; html: string };

/**
 * Writes a message to the outbox. Call it inside the transaction of the action that causes it: the message
 * exists exactly when the action committed, and is sent by the mail-outbox job (or at once, see kickMail).
 */
export async function queueMail(db: Db, mail: QueuedMail): Promise<void> {
  await db.insert(mailOutbox).values({
    kind: mail.kind,
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
  });
}

export type DeliveryOutcome = { sent: number; retried: number; failed: number };

/**
 * Sends the messages due at `now`: each is first claimed (attempts + 1, next attempt pushed past a send's time,
 * under FOR UPDATE SKIP LOCKED) so two instances or a job and a kick never send the same row; then sent, and
 * marked sent, or rescheduled with backoff, or failed after MAIL_MAX_ATTEMPTS. Without a mailer nothing is
 * claimed: messages wait.
 */
export async function deliverDueMail(input: {
  db: Db;
  mailer: Mailer | null;
  now?: Date;
  limit?: number;
}): Promise<DeliveryOutcome> {
  const { db, mailer } = input;
  const now = input.now ?? new Date();
  const outcome: DeliveryOutcome = { sent: 0, retried: 0, failed: 0 };
  if (!mailer) return outcome;
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(input.limit ?? 50)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
    .where(inArray(mailOutbox.id, due))
    .returning();
  for (const row of claimed) {
    try {
      await mailer.send({ to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody });
      // A sent message's bodies go: they may hold a live link, and the table is no archive of what was said.
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(), lastError: null, textBody: "", htmlBody: "" })
        .where(eq(mailOutbox.id, row.id));
      outcome.sent += 1;
    } catch (err) {
      const gaveUp = row.attempts >= MAIL_MAX_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({
          status: gaveUp ? "failed" : "pending",
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
          lastError: jobErrorMessage(err),
        })
        .where(eq(mailOutbox.id, row.id));
      if (gaveUp) outcome.failed += 1;
      else outcome.retried += 1;
    }
  }
  return outcome;
}

/** Sent and failed messages are kept this long (who was sent what, and when), then deleted. */
const KEEP_MESSAGES_MS = 30 * 24 * 60 * 60_000;
/** Used or expired links are kept a day (they count towards the cap on links per account), then deleted. */
const KEEP_LINKS_MS = 24 * 60 * 60_000;

/** Deletes old finished messages and old used or expired links. */
export async function pruneMail(db: Db, now: Date): Promise<void> {
  await db
    .delete(mailOutbox)
    .where(and(ne(mailOutbox.status, "pending"), lt(mailOutbox.createdAt, new Date(now.getTime() - KEEP_MESSAGES_MS))));
  await db
    .delete(emailTokens)
    .where(
      and(
        lt(emailTokens.createdAt, new Date(now.getTime() - KEEP_LINKS_MS)),
        or(isNotNull(emailTokens.usedAt), lte(emailTokens.expiresAt, now)),
      ),
    );
}

/**
 * Tries the due messages right after an action committed, so a link arrives in seconds rather than at the
 * job's next run; never awaited by the request and never failing it (the job retries whatever this misses).
 */
export function kickMail(app: FastifyInstance): void {
  const mailer = mailerOf(app);
  if (!mailer) return;
  deliverDueMail({ db: app.db, mailer }).catch((err) =>
    app.log.warn({ err: jobErrorMessage(err) }, "envio de e-mail adiado"),
  );
}
