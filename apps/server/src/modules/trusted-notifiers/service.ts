import { createHash, randomBytes } from "node:crypto";
import {
  type CreateTrustedNotifierBody,
  MODERATION_DECISION_LABELS,
  type ModerationAction,
  type NotifierLoginBody,
  type NotifierReport,
  type NotifierReportBody,
  type ReportCategory,
  TRUSTED_NOTIFIER_EMAIL_TAKEN,
  TRUSTED_NOTIFIER_KIND_LABELS,
  TRUSTED_NOTIFIER_LINK_DAYS,
  TRUSTED_NOTIFIER_LINK_INVALID,
  TRUSTED_NOTIFIER_REVOKED,
  TRUSTED_PROFILE_NOT_FOUND,
  type TrustedNotifier,
  type TrustedNotifierKind,
} from "@vitrine/contracts";
import { and, count, desc, eq, gt, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { moderationCases, moderationReports, models, type TrustedNotifierRow, trustedNotifiers } from "../../db/schema";
import { AppError, conflict, isUniqueViolation, notFound, unauthorized, validationError } from "../../lib/app-error";
import { getDummyHash, hashPassword, verifyPassword } from "../../lib/passwords";
import { auditAdminChange, auditNotifierAction } from "../audit/service";
import { assertNotThrottled, clearFailures, LOGIN_FAILED, recordFailure, throttleKey } from "../auth/service";
import { kickMail, notifyNotifierInvite } from "../mail/service";
import { resolveNoticeUrl, submitTrustedReport } from "../moderation/service";

/** What is stored of a set-password link: its SHA-256 (the token has 256 random bits, so no salt is needed). */
const hashSetupToken = (token: string) =>
  createHash("sha256").update(`vitrine:trusted-notifier-link:${token}`).digest("hex");

function presentNotifier(row: TrustedNotifierRow, reports: number): TrustedNotifier {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as TrustedNotifierKind,
    email: row.email,
    status: row.status as TrustedNotifier["status"],
    created_at: row.createdAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    last_report_at: row.lastReportAt?.toISOString() ?? null,
    reports,
  };
}

export const presentNotifierAccount = (row: TrustedNotifierRow) => ({
  id: row.id,
  name: row.name,
  kind: row.kind as TrustedNotifierKind,
  email: row.email,
});

/** Every notifier, active and invited first, then the revoked; newest first within each. */
export async function listNotifiers(db: Db): Promise<TrustedNotifier[]> {
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(trustedNotifiers)
      .orderBy(
        sql`${trustedNotifiers.status} = 'revoked'`,
        desc(trustedNotifiers.createdAt),
        desc(trustedNotifiers.id),
      ),
    db
      .select({ id: moderationReports.trustedNotifierId, n: count() })
      .from(moderationReports)
      .where(isNotNull(moderationReports.trustedNotifierId))
      .groupBy(moderationReports.trustedNotifierId),
  ]);
  const byId = new Map(counts.map((c) => [c.id, Number(c.n)]));
  return rows.map((row) => presentNotifier(row, byId.get(row.id) ?? 0));
}

/** A new set-password link for the notifier, written with its message in the caller's transaction. */
async function issueInvite(tx: Db, row: Pick<TrustedNotifierRow, "id" | "name" | "email">) {
  const token = randomBytes(32).toString("base64url");
  await tx
    .update(trustedNotifiers)
    .set({
      setupTokenHash: hashSetupToken(token),
      setupExpiresAt: new Date(Date.now() + TRUSTED_NOTIFIER_LINK_DAYS * 86_400_000),
    })
    .where(eq(trustedNotifiers.id, row.id));
  await notifyNotifierInvite(tx, { to: row.email, name: row.name, token, days: TRUSTED_NOTIFIER_LINK_DAYS });
}

/**
 * Registers a notifier (an admin's change, audited): it starts "invited" and its e-mail receives a one-time link
 * to set its password. 409 when the e-mail is already a notifier's.
 */
export async function createNotifier(
  app: FastifyInstance,
  input: { adminId: number; body: CreateTrustedNotifierBody & { email: string } },
): Promise<TrustedNotifier> {
  const { body, adminId } = input;
  try {
    const row = await app.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(trustedNotifiers)
        .values({ name: body.name, kind: body.kind, email: body.email, createdBy: adminId })
        .returning();
      await issueInvite(tx, created);
      await auditAdminChange(tx, adminId, "trusted_notifier.create", ["trusted_notifier", created.id], {
        name: created.name,
        kind: created.kind,
        email: created.email,
      });
      return created;
    });
    kickMail(app);
    return presentNotifier(row, 0);
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw conflict(TRUSTED_NOTIFIER_EMAIL_TAKEN, [{ path: "email", message: TRUSTED_NOTIFIER_EMAIL_TAKEN }]);
    }
    throw err;
  }
}

async function lockNotifier(tx: Db, id: number) {
  const [row] = await tx.select().from(trustedNotifiers).where(eq(trustedNotifiers.id, id)).for("update");
  if (!row) throw notFound("Notificador não encontrado");
  return row;
}

/** "Reenviar convite": a new set-password link (the earlier one stops working); not for a revoked notifier. */
export async function reinviteNotifier(app: FastifyInstance, input: { adminId: number; id: number }) {
  const row = await app.db.transaction(async (tx) => {
    const found = await lockNotifier(tx, input.id);
    if (found.status === "revoked") throw conflict(TRUSTED_NOTIFIER_REVOKED);
    await issueInvite(tx, found);
    await auditAdminChange(tx, input.adminId, "trusted_notifier.invite", ["trusted_notifier", found.id]);
    return found;
  });
  kickMail(app);
  return row;
}

/**
 * "Revogar": the notifier can no longer sign in, its tokens are refused from the next request on (the session
 * version moves and the guard reads the status), and an unused link dies. Its past reports stay as they are.
 */
export async function revokeNotifier(app: FastifyInstance, input: { adminId: number; id: number }) {
  await app.db.transaction(async (tx) => {
    const found = await lockNotifier(tx, input.id);
    if (found.status === "revoked") throw conflict(TRUSTED_NOTIFIER_REVOKED);
    await tx
      .update(trustedNotifiers)
      .set({
        status: "revoked",
        revokedAt: new Date(),
        sessionVersion: sql`${trustedNotifiers.sessionVersion} + 1`,
        setupTokenHash: null,
        setupExpiresAt: null,
      })
      .where(eq(trustedNotifiers.id, found.id));
    await auditAdminChange(tx, input.adminId, "trusted_notifier.revoke", ["trusted_notifier", found.id], {
      name: found.name,
      status: { from: found.status, to: "revoked" },
    });
  });
}

/**
 * Uses a set-password link once: the password is set, the notifier becomes active, and every earlier token of it
 * is refused. A used, expired or unknown link, or a revoked notifier's, is 400.
 */
export async function setNotifierPassword(app: FastifyInstance, input: { token: string; password: string }) {
  const passwordHash = await hashPassword(input.password);
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(trustedNotifiers)
      .set({
        passwordHash,
        status: "active",
        sessionVersion: sql`${trustedNotifiers.sessionVersion} + 1`,
        setupTokenHash: null,
        setupExpiresAt: null,
      })
      .where(
        and(
          eq(trustedNotifiers.setupTokenHash, hashSetupToken(input.token)),
          gt(trustedNotifiers.setupExpiresAt, sql`now()`),
          ne(trustedNotifiers.status, "revoked"),
        ),
      )
      .returning();
    if (!row)
      throw validationError([{ path: "token", message: TRUSTED_NOTIFIER_LINK_INVALID }], TRUSTED_NOTIFIER_LINK_INVALID);
    await auditNotifierAction(tx, row.name, "trusted_notifier.password_set", ["trusted_notifier", row.id]);
  });
}

/**
 * A notifier's sign-in, under the house's per-account backoff (modules/auth/throttle.ts) and the route's password
 * budget. A wrong password is one message for every failure, and, when the e-mail is a notifier's, an audit row
 * with the notifier as actor; a revoked notifier with its right password is told it was revoked.
 */
export async function signInNotifier(
  app: FastifyInstance,
  input: { body: NotifierLoginBody & { email: string }; ip: string },
): Promise<TrustedNotifierRow> {
  const key = throttleKey({ account: `notifier:${input.body.email}`, ip: input.ip, secret: app.config.jwtSecret });
  await assertNotThrottled({ db: app.db, key });
  const [row] = await app.db.select().from(trustedNotifiers).where(eq(trustedNotifiers.email, input.body.email));
  const ok = await verifyPassword(row?.passwordHash ?? (await getDummyHash()), input.body.password);
  const refusal = !row ? null : !ok ? "wrong_password" : row.status === "revoked" ? "revoked" : null;
  if (row && refusal) {
    await auditNotifierAction(app.db, row.name, "trusted_notifier.sign_in_failed", ["trusted_notifier", row.id], {
      reason: refusal,
    });
  }
  if (!row || !ok) {
    await recordFailure({ db: app.db, key });
    throw unauthorized(LOGIN_FAILED);
  }
  if (row.status === "revoked") throw new AppError(403, "FORBIDDEN", TRUSTED_NOTIFIER_REVOKED);
  await clearFailures({ db: app.db, key });
  await auditNotifierAction(app.db, row.name, "trusted_notifier.sign_in", ["trusted_notifier", row.id]);
  return row;
}

/** The live profile a notifier names: its number, or its public address on this site (or 400 on `profile`). */
async function resolveProfile(db: Db, reference: string): Promise<{ modelId: number; url: string }> {
  const digits = /^(?:n[ºo°]?\s*)?(\d{1,9})$/i.exec(reference)?.[1];
  let modelId: number | null = null;
  if (digits) {
    const [row] = await db
      .select({ id: models.id })
      .from(models)
      .where(and(eq(models.id, Number(digits)), isNull(models.deletedAt)));
    modelId = row?.id ?? null;
  } else {
    modelId = (await resolveNoticeUrl(db, reference))?.modelId ?? null;
  }
  if (modelId === null) throw validationError([{ path: "profile", message: TRUSTED_PROFILE_NOT_FOUND }]);
  return { modelId, url: digits ? `/modelo/${modelId}` : reference };
}

function presentReport(row: {
  report: typeof moderationReports.$inferSelect;
  kase: typeof moderationCases.$inferSelect;
}): NotifierReport {
  const { report, kase } = row;
  const decided = kase.status !== "open" && kase.decision !== null;
  return {
    id: report.id,
    model_id: report.modelId,
    category: report.category,
    text: report.text,
    state: decided ? "decided" : kase.status === "open" && kase.autoHidden ? "held" : "in_review",
    decision: decided ? (MODERATION_DECISION_LABELS[kase.decision as ModerationAction] ?? kase.decision) : null,
    created_at: report.createdAt.toISOString(),
  };
}

/** The notifier's own reports, newest first (at most 100), with their cases' state. */
export async function listOwnReports(db: Db, notifierId: number): Promise<NotifierReport[]> {
  const rows = await db
    .select({ report: moderationReports, kase: moderationCases })
    .from(moderationReports)
    .innerJoin(moderationCases, eq(moderationCases.id, moderationReports.caseId))
    .where(eq(moderationReports.trustedNotifierId, notifierId))
    .orderBy(desc(moderationReports.createdAt), desc(moderationReports.id))
    .limit(100);
  return rows.map(presentReport);
}

/**
 * A notifier's report: the moderation module records and triages it (an urgent category holds the profile at
 * once); here the notifier's last report moves and an audit row names it as actor.
 */
export async function reportAsNotifier(
  app: FastifyInstance,
  input: { notifier: TrustedNotifierRow; body: NotifierReportBody },
): Promise<NotifierReport> {
  const { notifier, body } = input;
  const target = await resolveProfile(app.db, body.profile.trim());
  const reportId = await submitTrustedReport(app, {
    notifier: {
      id: notifier.id,
      name: notifier.name,
      email: notifier.email,
      kindLabel: TRUSTED_NOTIFIER_KIND_LABELS[notifier.kind as TrustedNotifierKind] ?? notifier.kind,
    },
    modelId: target.modelId,
    category: body.category as ReportCategory,
    text: body.description,
    url: target.url,
  });
  await app.db.transaction(async (tx) => {
    await tx.update(trustedNotifiers).set({ lastReportAt: new Date() }).where(eq(trustedNotifiers.id, notifier.id));
    await auditNotifierAction(tx, notifier.name, "trusted_notifier.report", ["moderation_report", reportId], {
      model_id: target.modelId,
      category: body.category,
    });
  });
  const [row] = await app.db
    .select({ report: moderationReports, kase: moderationCases })
    .from(moderationReports)
    .innerJoin(moderationCases, eq(moderationCases.id, moderationReports.caseId))
    .where(eq(moderationReports.id, reportId));
  return presentReport(row!);
}
