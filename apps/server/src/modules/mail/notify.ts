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

/**
 * Writes a security message to an account (an admin's or a model's; a deleted model gets nothing), in the caller's
 * transaction; never switched off. `to` overrides her address (the old one, when the e-mail itself changed).
 * `content` receives the links of her own account: her security settings and "Esqueci minha senha".
 */
export async function notifyAccount(
  db: Db,
  input: {
    account: { kind: "admin" | "model"; id: number };
    to?: string;
    content: (links: { settings: string; forgotPassword: string }) => MailContent;
  },
): Promise<void> {
  const { kind, id } = input.account;
  const [row] =
    kind === "admin"
      ? await db.select({ email: admins.email }).from(admins).where(eq(admins.id, id))
      : await db
          .select({ email: models.email })
          .from(models)
          .where(and(eq(models.id, id), isNull(models.deletedAt)));
  if (!row) return;
  const origin = processPublicUrl || (await loadSiteIdentity({ db })).url;
  const links =
    kind === "admin"
      ? { settings: `${origin}/admin/settings`, forgotPassword: `${origin}/esqueci-senha?conta=admin` }
      : { settings: `${origin}/dashboard/configuracoes`, forgotPassword: `${origin}/esqueci-senha` };
  await queueRendered(db, { kind: "security", to: input.to ?? row.email, content: input.content(links) });
}

/** Writes a message to an address that belongs to no account (the sender of a notice), in the caller's transaction. */
export async function notifyAddress(
  db: Db,
  input: { kind: string; to: string; content: (origin: string) => MailContent },
): Promise<void> {
  const origin = processPublicUrl || (await loadSiteIdentity({ db })).url;
  await queueRendered(db, { kind: input.kind, to: input.to, content: input.content(origin) });
}
