import { inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { settings } from "../../db/schema";
import { createMercadoPagoClient, type MercadoPagoClient } from "../../lib/mercadopago";

/**
 * Mercado Pago as the site's settings configure it. The environment (`mp_environment`: sandbox, the default, or
 * production) chooses the access token: `mp_access_token_test` or `mp_access_token_prod` (`mp_access_token`, the
 * older single setting, when that one is empty).
 */
export type ProviderSettings = {
  environment: "sandbox" | "production";
  accessToken: string;
  webhookSecret: string;
  /** An approved plan payment also activates the model (default on). */
  autoReleaseOnApproved: boolean;
  /** Checkout Pro only approves or rejects, never leaves a card payment pending (default on). */
  binaryMode: boolean;
  /** Public address of this API for Mercado Pago's notifications; empty: the address the request came to. */
  backendUrl: string;
};

const KEYS = [
  "mp_environment",
  "mp_access_token_test",
  "mp_access_token_prod",
  "mp_access_token",
  "mp_webhook_secret",
  "auto_release_on_approved",
  "mp_binary_mode",
  "backend_url",
];

const isOn = (value: string | undefined, fallback: boolean) =>
  value === undefined || value.trim() === ""
    ? fallback
    : ["true", "1", "on", "sim"].includes(value.trim().toLowerCase());

export async function loadProviderSettings(db: Db): Promise<ProviderSettings> {
  const rows = await db.select().from(settings).where(inArray(settings.settingKey, KEYS));
  const value = (key: string) => rows.find((r) => r.settingKey === key)?.settingValue.trim();
  const environment = value("mp_environment") === "production" ? "production" : "sandbox";
  const own = environment === "production" ? value("mp_access_token_prod") : value("mp_access_token_test");
  return {
    environment,
    accessToken: own || value("mp_access_token") || "",
    webhookSecret: value("mp_webhook_secret") ?? "",
    autoReleaseOnApproved: isOn(value("auto_release_on_approved"), true),
    binaryMode: isOn(value("mp_binary_mode"), true),
    backendUrl: (value("backend_url") ?? "").replace(/\/+$/, ""),
  };
}

/** A client with the configured token, or null when no access token is set for the environment. */
export function clientFor(app: FastifyInstance, provider: ProviderSettings): MercadoPagoClient | null {
  if (!provider.accessToken) return null;
  return createMercadoPagoClient({
    baseUrl: app.config.mercadoPagoApiUrl,
    accessToken: provider.accessToken,
    timeoutMs: app.config.mercadoPagoTimeoutMs,
  });
}

/** Where Mercado Pago sends notifications: backend_url (or the site's public origin) + path, webhooks only. */
export function notificationUrl(provider: ProviderSettings, origin: string, path: string): string {
  const base = provider.backendUrl || origin;
  return `${base}${path}?source_news=webhooks`;
}

/** Our record named in Mercado Pago's `external_reference`: "model_payment:12" or "order:34". */
export type RecordRef = { kind: "model_payment" | "order"; id: number };

export const externalReference = (ref: RecordRef) => `${ref.kind}:${ref.id}`;

export function parseExternalReference(value: string | null | undefined): RecordRef | null {
  const match = /^(model_payment|order):(\d{1,10})$/.exec(value ?? "");
  if (!match) return null;
  const id = Number(match[2]);
  return id > 0 && id <= 2_147_483_647 ? { kind: match[1] as RecordRef["kind"], id } : null;
}

/** The idempotency key of a create call for one of our records: a retry of the same call replays its answer. */
export const idempotencyKey = (ref: RecordRef, call: "preference" | "pix") => `vitrine-${ref.kind}-${ref.id}-${call}`;
