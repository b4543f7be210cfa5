import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { admins, auditLog, models } from "../../db/schema";

/** One admin change: what was done, to what, and a small JSON of what changed (never a secret in clear). */
export type AuditEntry = {
  action: string;
  target?: { type: string; id: number | string };
  changes?: Record<string, unknown>;
};

/** What an audit row is about: the kind of row and its id, e.g. `["model_payment", 12]`. */
export type AuditTarget = readonly [type: string, id: number | string];

/**
 * Writes the audit row of an admin change. Call it with the transaction that makes the change, so that the change
 * and its row are committed together or not at all; each admin request that changes data writes exactly one.
 */
export async function recordAudit({ db, adminId, entry }: { db: Db; adminId: number; entry: AuditEntry }) {
  await db.insert(auditLog).values({
    adminId,
    actor: sql`coalesce((select ${admins.username} from ${admins} where ${admins.id} = ${adminId}), '')`,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target ? String(entry.target.id) : null,
    changes: entry.changes ?? {},
  });
}

/** recordAudit in one line: `auditAdminChange(tx, adminId, "plan.status", ["plan", id], { active: … })`. */
export function auditAdminChange(
  db: Db,
  adminId: number,
  action: string,
  [type, id]: AuditTarget,
  changes?: Record<string, unknown>,
) {
  return recordAudit({ db, adminId, entry: { action, target: { type, id }, changes } });
}

/**
 * A change that an advertiser or an admin makes to her own account (her sessions, her factors, a recent proof): for
 * an advertiser `change` simply runs; for an admin it runs in one transaction with its audit row (target: her own
 * admin account), whose details are `changes`, or what `changes` makes of the result.
 */
export function auditedForAdmin<T>(
  db: Db,
  role: "admin" | "model",
  request: { adminId: number },
  action: string,
  changes: Record<string, unknown> | ((result: T) => Record<string, unknown>),
  change: (db: Db) => Promise<T>,
): Promise<T> {
  if (role === "model") return change(db);
  return db.transaction(async (tx) => {
    const result = await change(tx);
    const details = typeof changes === "function" ? changes(result) : changes;
    await auditAdminChange(tx, request.adminId, action, ["admin", request.adminId], details);
    return result;
  });
}

/**
 * Writes the audit row of something a model did to her own account that the house must be able to show later
 * (e.g. the download of her data): no admin, the actor is "modelo:<username>", the target her account.
 */
export async function recordModelAction({ db, modelId, action }: { db: Db; modelId: number; action: string }) {
  await db.insert(auditLog).values({
    adminId: null,
    actor: sql`'modelo:' || coalesce((select ${models.username} from ${models} where ${models.id} = ${modelId}), '')`,
    action,
    targetType: "model",
    targetId: String(modelId),
    changes: {},
  });
}

/**
 * Writes the audit row of something the system itself did that a person must be able to review (e.g. a profile
 * hidden by agreeing reports before any admin looked): no admin, the actor is "sistema".
 */
export async function recordSystemAction({ db, entry }: { db: Db; entry: AuditEntry }) {
  await db.insert(auditLog).values({
    adminId: null,
    actor: "sistema",
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target ? String(entry.target.id) : null,
    changes: entry.changes ?? {},
  });
}

/**
 * Writes the audit row of something a trusted notifier did or tried (a sign-in refused, a password set, a report):
 * no admin, the actor is "notificador:<organisation>" as it is named at the time.
 */
export async function recordNotifierAction({ db, name, entry }: { db: Db; name: string; entry: AuditEntry }) {
  await db.insert(auditLog).values({
    adminId: null,
    actor: `notificador:${name}`,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target ? String(entry.target.id) : null,
    changes: entry.changes ?? {},
  });
}

/** recordNotifierAction in one line: `auditNotifierAction(tx, name, "trusted_notifier.sign_in", [type, id])`. */
export function auditNotifierAction(
  db: Db,
  name: string,
  action: string,
  [type, id]: AuditTarget,
  changes?: Record<string, unknown>,
) {
  return recordNotifierAction({ db, name, entry: { action, target: { type, id }, changes } });
}

/** The audit log, newest first, optionally by admin (id) and action. */
export async function listAuditLog(input: { db: Db; page: number; limit: number; adminId?: number; action?: string }) {
  const where: SQL | undefined = and(
    input.adminId ? eq(auditLog.adminId, input.adminId) : undefined,
    input.action ? eq(auditLog.action, input.action) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    input.db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    input.db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total };
}
