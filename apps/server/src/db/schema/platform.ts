/**
 * What the whole server keeps: settings, statistics, the audit log, public data versions, live events, shared
 * counters, file deletions, scheduled jobs and outgoing e-mail.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { admins } from "./accounts";

export const settings = pgTable("settings", {
  id: serial("id").primaryKey(),
  settingKey: text("setting_key").notNull().unique(),
  settingValue: text("setting_value").notNull().default(""),
});

/** Public page visits for statistics: time and city only, nothing personal. */
export const accessLogs = pgTable(
  "access_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    createdAt: createdAt(),
    page: text("page").notNull().default("home"),
    municipioId: integer("municipio_id"),
    city: text("city"),
  },
  (t) => [index("access_logs_created_idx").on(t.createdAt)],
);

/**
 * De-duplicates view and contact counts per visitor per day. visitor_hash is an HMAC of the visitor
 * with a secret salted by the day; rows older than a day are purged, so nothing identifies a visitor.
 */
export const visitorMarks = pgTable(
  "visitor_marks",
  {
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind").notNull(),
    modelId: integer("model_id").notNull(),
    visitorHash: text("visitor_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.modelId, t.visitorHash] })],
);

/**
 * What administrators changed: one row per admin request that changes data, written in the same transaction as
 * the change. `actor` keeps the admin's username at the time (the row outlives the admin account).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    adminId: integer("admin_id").references(() => admins.id, { onDelete: "set null" }),
    actor: text("actor").notNull(),
    /** "model.status", "payment.create", "plan.delete", … */
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    /** A small JSON of what changed (never a secret: masked values only). */
    changes: jsonb("changes").notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt), index("audit_log_action_idx").on(t.action, t.createdAt)],
);

/**
 * One row whose version moves whenever data shown on public lists changes (models except their counters,
 * photos, categories); triggers keep it in step, so every server instance can trust caches keyed by it.
 */
export const publicDataVersion = pgTable("public_data_version", {
  id: smallint("id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  /** public_changes rows up to this version may have been pruned (a cache that saw only older ones drops all). */
  prunedThrough: bigint("pruned_through", { mode: "number" }).notNull().default(0),
});

/**
 * What each public data change touched: tags (see migration 0033) written by the triggers under the version of
 * the transaction that made the change; each server's public cache drops only the entries depending on them.
 */
export const publicChanges = pgTable(
  "public_changes",
  {
    version: bigint("version", { mode: "number" }).notNull(),
    tag: text("tag").notNull(),
  },
  (t) => [primaryKey({ name: "public_changes_pkey", columns: [t.version, t.tag] })],
);

/**
 * What the live stream tells (plugins/events.ts): one row per event, written in the transaction of the change
 * that causes it, kept for a day so that a stream that dropped can resume after the last id it received.
 */
export const events = pgTable(
  "events",
  {
    id: bigint("id", { mode: "number" }).primaryKey(),
    /** own_payment_updated: for her own stream only (plugins/events.ts). */
    type: text("type", { enum: ["model_status_updated", "model_payment_updated", "own_payment_updated"] }).notNull(),
    modelId: integer("model_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("events_created_at_idx").on(t.createdAt)],
);

/**
 * The one row that hands out event ids: a writer bumps last_id in its transaction and holds the row until it
 * commits, so ids become visible in id order. Every id up to pruned_through may have been deleted.
 */
export const eventLog = pgTable(
  "event_log",
  {
    id: smallint("id").primaryKey(),
    lastId: bigint("last_id", { mode: "number" }).notNull().default(0),
    prunedThrough: bigint("pruned_through", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("event_log_single_row", sql`${t.id} = 1`)],
);

/**
 * Fixed-window counters shared by every server instance (rate limits, the password budget, the visit budget; see
 * lib/shared-counters.ts): `count` hits since the window began, which ends at `reset_at`. The first hit after
 * `reset_at` starts a new window on the same row; the clean-up job deletes rows whose window is over. UNLOGGED in
 * the migration (0035): no WAL per hit, and a crash only forgets the counts of the running windows.
 */
export const rateCounters = pgTable("rate_counters", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/**
 * Files to remove from storage once the deletion that orphaned them has committed. A row is written in the
 * same transaction as the deletion and removed after the unlink, so a crash in between leaves a row that the
 * start-up and periodic sweeps finish.
 */
export const pendingFileDeletions = pgTable("pending_file_deletions", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  fileKey: text("file_key").notNull(),
  createdAt: createdAt(),
});

/**
 * Scheduled jobs (src/jobs): when each last finished and what it must remember between runs (for example the
 * last São Paulo day whose plan expiries were announced), so a restart or another instance carries on from there;
 * and how its runs went, for the admin dashboard: the duration of the last run, the failures since the last
 * success, and the last failure's message (never a stack trace) and moment.
 */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  /** The moment of the last successful run. */
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
  state: jsonb("state").notNull().default({}),
  /** How long the last run took, successful or not. */
  lastDurationMs: integer("last_duration_ms"),
  /** Runs that failed in a row; a successful run sets it back to 0. */
  consecutiveFailures: integer("consecutive_failures").notNull().default(0),
  lastError: text("last_error"),
  lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
});

/**
 * Outgoing e-mail (modules/mail): the action that causes a message writes its row in its own transaction, so a
 * message is never lost when the SMTP server is down; the mail-outbox job sends due rows, retrying with backoff
 * (next_attempt_at) and giving up after a few attempts (status failed, last_error kept for the admin).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** pending (to send), sent, failed (gave up). */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export type SettingRow = typeof settings.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
