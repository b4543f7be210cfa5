import type { NotificationKind } from "@vitrine/contracts";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { admins, models } from "../../db/schema";
import { loadSiteIdentity } from "../settings/service";
import type { MailContent } from "./templates";
import { queueRendered } from "./send";

/**
 * PUBLIC_URL of this process, set once when the mail routes are registered: notifications are written inside
 * other modules' transactions (a job, a payment), which have no app or request to read it from.
 */
let processPublicUrl = "";
export function setNotificationOrigin(publicUrl: string): void {
  processPublicUrl = publicUrl;
}

/**
 * Writes a notification e-mail to a model, inside the transaction of the event it tells of (so it exists exactly
 * when the event committed). `kind` is one she may switch off in her settings, or "security" (never switched
 * off). A deleted account, or one that switched the kind off, gets nothing. `content` receives the site's
 * origin (PUBLIC_URL, else site_url, else "") to build its link.
 */
export async function notifyModel(
  db: Db,
  input: { modelId: number; kind: NotificationKind | "security"; content: (origin: string) => MailContent },
): Promise<void> {
  const [model] = await db
    .select({ email: models.email, off: models.emailNotificationsOff })
    .from(models)
    .where(and(eq(models.id, input.modelId), isNull(models.deletedAt)));
  if (!model) return;
  if (input.kind !== "security" && model.off.includes(input.kind)) return;
  const origin = processPublicUrl || (await loadSiteIdentity({ db })).url;
  await queueRendered(db, { kind: input.kind, to: model.email, content: input.content(origin) });
}

/**
 * Writes a message to every admin, inside the transaction of the event it tells of (an urgent case, a profile
 * hidden before review). Admins cannot switch these off: they are the site's duty of fast review.
 */
export async function notifyAdmins(
  db: Db,
  input: { kind: string; content: (origin: string) => MailContent },
): Promise<void> {
  const rows = await db.select({ email: admins.email }).from(admins);
  if (rows.length === 0) return;
  const origin = processPublicUrl || (await loadSiteIdentity({ db })).url;
  const content = input.content(origin);
  for (const row of rows) await queueRendered(db, { kind: input.kind, to: row.email, content });
}

/** Writes a message to an address that belongs to no account (the sender of a notice), in the caller's transaction. */
export async function notifyAddress(
  db: Db,
  input: { kind: string; to: string; content: (origin: string) => MailContent },
): Promise<void> {
  const origin = processPublicUrl || (await loadSiteIdentity({ db })).url;
  await queueRendered(db, { kind: input.kind, to: input.to, content: input.content(origin) });
}
