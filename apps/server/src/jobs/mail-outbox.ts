import { deliverDueMail, mailerOf, pruneMail } from "../modules/mail/service";
import type { Job } from "./scheduler";

export const MAIL_OUTBOX_JOB = "mail-outbox";

/**
 * Sends the outbox's due messages (modules/mail/outbox.ts): a message the action's own attempt could not send
 * (SMTP down, a refusal) is retried with backoff and marked failed after the last attempt. Without SMTP_URL the
 * messages wait. It also deletes finished messages after 30 days and used or expired links after a day.
 */
export const mailOutboxJob: Job = {
  name: MAIL_OUTBOX_JOB,
  label: "Envio de e-mails",
  description: "Envia os e-mails que aguardam na fila, com novas tentativas, e apaga os antigos.",
  intervalMs: 30_000,
  async run({ app, now }) {
    const outcome = await deliverDueMail({ db: app.db, mailer: mailerOf(app), now, limit: 200 });
    await pruneMail(app.db, now);
    if (outcome.sent + outcome.retried + outcome.failed > 0)
      app.log.info({ job: MAIL_OUTBOX_JOB, ...outcome }, "e-mails");
  },
};
