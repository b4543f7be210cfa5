import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bannedEmails } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { emailHash } from "./email-hash";

export const EMAIL_BANNED_MESSAGE = "Este e-mail não pode ser cadastrado.";

/** Refuses a registration (or a change of e-mail) to the e-mail of a banned account, even after it was erased. */
export async function assertEmailNotBanned(db: Db, email: string): Promise<void> {
  const [row] = await db
    .select({ hash: bannedEmails.emailHash })
    .from(bannedEmails)
    .where(eq(bannedEmails.emailHash, emailHash(email)));
  if (row) throw new AppError(403, "ACCOUNT_BANNED", EMAIL_BANNED_MESSAGE);
}
