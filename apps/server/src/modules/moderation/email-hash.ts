import { createHash } from "node:crypto";

/** SHA-256 of a lower-cased e-mail: what banned_emails keeps (a ban writes it, a registration looks it up). */
export const emailHash = (email: string) =>
  createHash("sha256").update(`vitrine:banned-email:${email.trim().toLowerCase()}`).digest("hex");
