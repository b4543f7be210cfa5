import type { OnboardingStep } from "@vitrine/contracts";
import { count, eq, isNull, like } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { auditLog, models, plans } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { loadProviderSettings } from "../payments/service";
import { loadSitePix } from "../pix/service";
import { configuredOrigin, getPublicSettings } from "../settings/service";

/** Whether the site's charges have a valid Pix key to be paid to (the rule of the charges themselves). */
async function hasSitePix(db: Db): Promise<boolean> {
  try {
    await loadSitePix(db);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 400) return false;
    throw err;
  }
}

const countOf = async (rows: Promise<{ n: number }[]>) => (await rows)[0]?.n ?? 0;

/**
 * The "Primeiros passos" of a new site, each ticked from the data itself: the public address is configured
 * (PUBLIC_URL, or an http(s) site_url); a support contact visitors and models can reach (the support e-mail or
 * phone: the Terms, the footer and the renewal show only those set); a Pix key the charges can use; a Mercado Pago access token for the chosen environment;
 * the plans reviewed (the three starting plans are examples: an admin has created, edited, switched or deleted a
 * plan, and one is active); a model registered (not deleted).
 */
export async function loadOnboarding(app: FastifyInstance): Promise<OnboardingStep[]> {
  const { db } = app;
  const [origin, contacts, pix, provider, activePlans, planChanges, liveModels] = await Promise.all([
    configuredOrigin(app),
    getPublicSettings({ db }).then(
      ({ settings }) => settings.support_email.trim() !== "" || settings.support_phone.trim() !== "",
    ),
    hasSitePix(db),
    loadProviderSettings(db),
    countOf(db.select({ n: count() }).from(plans).where(eq(plans.active, true))),
    countOf(db.select({ n: count() }).from(auditLog).where(like(auditLog.action, "plan.%"))),
    countOf(db.select({ n: count() }).from(models).where(isNull(models.deletedAt))),
  ]);
  return [
    { id: "site", done: origin !== "" },
    { id: "contacts", done: contacts },
    { id: "pix", done: pix },
    { id: "mercadopago", done: provider.accessToken !== "" },
    { id: "plans", done: activePlans > 0 && planChanges > 0 },
    { id: "model", done: liveModels > 0 },
  ];
}
