import nodemailer from "nodemailer";
import type { Config } from "../../config";

export type OutgoingMail = { to: string; subject: string; text: string; html: string };

/** Sends one message over SMTP; throws when the server refuses it or cannot be reached. */
export type Mailer = { send(mail: OutgoingMail): Promise<void> };

/**
 * The one SMTP mailer (nodemailer): SMTP_URL says where and how (smtp:// or smtps://, user and password in the
 * URL), MAIL_FROM who sends. Null when SMTP_URL is unset: messages then wait in the outbox until it is set.
 * Timeouts are short: a slow server makes the outbox job retry later, never hang.
 */
export function createMailer(config: Pick<Config, "smtpUrl" | "mailFrom">): Mailer | null {
  if (!config.smtpUrl) return null;
  const url = new URL(config.smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === "smtps:" ? 465 : 587,
    secure: url.protocol === "smtps:",
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // A loopback server (tests, the demo's inbox) speaks plain SMTP; any other gets STARTTLS when it offers it.
    ignoreTLS: url.hostname === "127.0.0.1" || url.hostname === "localhost",
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: config.mailFrom, ...mail });
    },
  };
}
