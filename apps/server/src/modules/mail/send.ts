import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { configuredOrigin, loadSiteIdentity } from "../settings/service";
import { queueMail } from "./outbox";
import { type MailContent, renderMail } from "./templates";

/**
 * The base of links in e-mails: the configured origin (PUBLIC_URL, else site_url); outside production, with
 * neither set, the request's own address (`fallback`), else a path alone.
 */
export async function mailOrigin(app: FastifyInstance, fallback = ""): Promise<string> {
  return (await configuredOrigin(app)) || (app.config.requestHostFallback ? fallback : "");
}

/** Renders `content` with the site's name and writes it to the outbox (inside the caller's transaction). */
export async function queueRendered(db: Db, input: { kind: string; to: string; content: MailContent }) {
  const site = await loadSiteIdentity({ db });
  await queueMail(db, { kind: input.kind, to: input.to, ...renderMail(site.name, input.content) });
}
