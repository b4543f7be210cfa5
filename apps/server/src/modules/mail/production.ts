import type { Config } from "../../config";

export const SMTP_UNSET_MESSAGE =
  "SMTP_URL não definido. Em produção o site precisa enviar e-mails (confirmação de cadastro, nova senha, avisos): " +
  'defina SMTP_URL (ex.: smtps://usuario:senha@smtp.exemplo.com:465) e MAIL_FROM. Veja "E-mail" no README.';

/** Start-up check: in production e-mail must be deliverable, or nobody could confirm an account or reset a password. */
export function assertMailForProduction(config: Pick<Config, "smtpUrl">, production: boolean): void {
  if (production && !config.smtpUrl) throw new Error(SMTP_UNSET_MESSAGE);
}
