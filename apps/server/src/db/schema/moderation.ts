/** Moderation: cases and their reports, trusted notifiers, evidence under legal hold and what a ban keeps. */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { admins, models } from "./accounts";

/**
 * A moderation case (modules/moderation): one reported item — a model's profile (photo_id null) or one of her
 * photos — or one flag raised by the system ("duplicate_photo": the same photo on two accounts). Reports of the
 * same item join its open case; the admin decides it once, she may appeal that decision once, and an admin decides
 * the appeal. Kept after her account is deleted (model_id then null) as the record of what was done.
 */
export const moderationCases = pgTable(
  "moderation_cases",
  {
    id: serial("id").primaryKey(),
    modelId: integer("model_id").references(() => models.id, { onDelete: "set null" }),
    /** The reported photo (no foreign key: the case outlives the photo). */
    photoId: integer("photo_id"),
    /** report | duplicate_photo */
    kind: text("kind").notNull(),
    /** 0 normal, 1 high (an identified notice, a system flag), 2 urgent (minors, trafficking): the queue's order. */
    priority: smallint("priority").notNull().default(0),
    /** open (awaiting a decision) | appealed (awaiting the appeal's decision) | closed */
    status: text("status").notNull().default("open"),
    /** What the system says of a flag it raised (e.g. the other account using the photo). */
    detail: text("detail").notNull().default(""),
    /** Whether this case hid her before any human looked (urgent reports agreeing, a confirmed notice). */
    autoHidden: boolean("auto_hidden").notNull().default(false),
    /** Archived by "Restaurar (denúncias falsas)": its reporters' networks weigh nothing for a while. */
    reportsFalse: boolean("reports_false").notNull().default(false),
    /** archive | hide_photo | hide_profile | suspend | ban */
    decision: text("decision"),
    decisionReason: text("decision_reason"),
    decidedBy: integer("decided_by").references(() => admins.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** Whether the decision removed the content as exploitation (kept under legal hold, see moderation_evidence). */
    legalHold: boolean("legal_hold").notNull().default(false),
    appealText: text("appeal_text"),
    appealedAt: timestamp("appealed_at", { withTimezone: true }),
    /** upheld | reversed */
    appealOutcome: text("appeal_outcome"),
    appealReason: text("appeal_reason"),
    appealDecidedBy: integer("appeal_decided_by").references(() => admins.id, { onDelete: "set null" }),
    appealDecidedAt: timestamp("appeal_decided_at", { withTimezone: true }),
    createdAt: createdAt(),
    lastReportAt: timestamp("last_report_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open case per item and kind: a new report joins it (openModerationCase relies on this).
    uniqueIndex("moderation_cases_open_item_uq")
      .on(t.modelId, sql`coalesce(${t.photoId}, 0)`, t.kind)
      .where(sql`${t.status} = 'open'`),
    index("moderation_cases_queue_idx").on(t.status, t.priority, t.createdAt),
    index("moderation_cases_model_idx").on(t.modelId, t.createdAt),
  ],
);

/**
 * One report of a case: a visitor's (source "visitor": anonymous, known only by reporter_hash, an HMAC of the
 * client's address; one per visitor per item per São Paulo day) or an identified notice (source "notice", art. 29
 * of ECA Digital: name, e-mail, who she is, the URL). The text and contact are what the reporter chose to give.
 */
export const moderationReports = pgTable(
  "moderation_reports",
  {
    id: serial("id").primaryKey(),
    caseId: integer("case_id")
      .notNull()
      .references(() => moderationCases.id, { onDelete: "cascade" }),
    modelId: integer("model_id"),
    photoId: integer("photo_id"),
    category: text("category").notNull(),
    text: text("text").notNull().default(""),
    contact: text("contact").notNull().default(""),
    /** visitor | notice */
    source: text("source").notNull(),
    reporterHash: text("reporter_hash"),
    /** The São Paulo day of the report (the per-day uniqueness). */
    day: date("day", { mode: "string" }).notNull(),
    /**
     * Whether the report weighs towards hiding the profile before review (modules/moderation/weight.ts): an urgent
     * report from an age-passed browser, its network and age session not yet counted for this profile, its network
     * under its daily cap and not distrusted. Kept and shown either way.
     */
    weighs: boolean("weighs").notNull().default(true),
    /** HMAC of the reporter's network (IPv4 /24, IPv6 /48), like reporter_hash; null on rows before it existed. */
    networkHash: text("network_hash"),
    /** SHA-256 of the reporter's age session (from a valid age pass); null without a pass. */
    ageSessionHash: text("age_session_hash"),
    /** An identified notice's e-mail link: SHA-256 of its token (the link also shows the notice's state). */
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    /** When the notifier opened the e-mail link (a notice weighs nothing before). Null for visitors' reports. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    notifierName: text("notifier_name"),
    notifierEmail: text("notifier_email"),
    notifierRole: text("notifier_role"),
    url: text("url"),
    /** The trusted notifier that sent it (source "trusted"); no foreign key: the report outlives the notifier. */
    trustedNotifierId: integer("trusted_notifier_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("moderation_reports_once_a_day_uq")
      .on(t.modelId, sql`coalesce(${t.photoId}, 0)`, t.reporterHash, t.day)
      .where(sql`${t.reporterHash} is not null`),
    index("moderation_reports_case_idx").on(t.caseId),
    index("moderation_reports_reporter_idx").on(t.reporterHash, t.createdAt),
    uniqueIndex("moderation_reports_confirm_token_uq")
      .on(t.confirmTokenHash)
      .where(sql`${t.confirmTokenHash} is not null`),
    index("moderation_reports_network_idx").on(t.networkHash, t.createdAt),
    index("moderation_reports_model_idx").on(t.modelId, t.createdAt),
    index("moderation_reports_trusted_notifier_idx")
      .on(t.trustedNotifierId, t.createdAt)
      .where(sql`${t.trustedNotifierId} is not null`),
  ],
);

/**
 * Trusted notifiers (modules/trusted-notifiers, decision 061): organisations the admin registers (SaferNet, a
 * Conselho Tutelar, the Ministério Público, the police) whose urgent report holds a profile at once. Each signs in
 * with its own e-mail and password (set through a one-time link whose SHA-256 alone is kept); revoking it, or a new
 * password, raises session_version so every token signed before is refused.
 */
export const trustedNotifiers = pgTable(
  "trusted_notifiers",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** safernet | conselho_tutelar | ministerio_publico | policia | defensoria | outra */
    kind: text("kind").notNull(),
    email: text("email").notNull(),
    /** Null until the organisation sets it through its link. */
    passwordHash: text("password_hash"),
    /** invited | active | revoked */
    status: text("status").notNull().default("invited"),
    sessionVersion: integer("session_version").notNull().default(0),
    setupTokenHash: text("setup_token_hash"),
    setupExpiresAt: timestamp("setup_expires_at", { withTimezone: true }),
    createdBy: integer("created_by").references(() => admins.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastReportAt: timestamp("last_report_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("trusted_notifiers_email_uq").on(t.email),
    uniqueIndex("trusted_notifiers_setup_token_uq")
      .on(t.setupTokenHash)
      .where(sql`${t.setupTokenHash} is not null`),
    check("trusted_notifiers_status_check", sql`${t.status} in ('invited', 'active', 'revoked')`),
  ],
);

export type TrustedNotifierRow = typeof trustedNotifiers.$inferSelect;

/**
 * Content removed as exploitation, kept under legal hold: each file encrypted (AES-256-GCM) in the evidence
 * storage, outside every public path, with the metadata of the photo and of the account that uploaded it. Deleted
 * by the evidence job after held_until (at least 6 months).
 */
export const moderationEvidence = pgTable(
  "moderation_evidence",
  {
    id: serial("id").primaryKey(),
    caseId: integer("case_id")
      .notNull()
      .references(() => moderationCases.id),
    modelId: integer("model_id"),
    photoId: integer("photo_id"),
    /** The encrypted file's key in the evidence storage. */
    fileKey: text("file_key").notNull(),
    /** SHA-256 (hex) of the file before encryption, for the authorities to check what they receive. */
    sha256: text("sha256").notNull(),
    metadata: jsonb("metadata").notNull().default({}),
    heldUntil: timestamp("held_until", { withTimezone: true }).notNull(),
    createdBy: integer("created_by").references(() => admins.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("moderation_evidence_case_idx").on(t.caseId), index("moderation_evidence_held_idx").on(t.heldUntil)],
);

/** E-mails of banned accounts (SHA-256 of the lower-cased address): registering with one is refused. */
export const bannedEmails = pgTable("banned_emails", {
  emailHash: text("email_hash").primaryKey(),
  modelId: integer("model_id"),
  createdAt: createdAt(),
});

/**
 * Identities of banned accounts (the identity_hash of their verifications): a verification of one of them is
 * refused. Kept when the account is erased (no foreign key); removed when an appeal reverses the ban.
 */
export const bannedIdentities = pgTable("banned_identities", {
  identityHash: text("identity_hash").primaryKey(),
  modelId: integer("model_id"),
  createdAt: createdAt(),
});

export type ModerationCaseRow = typeof moderationCases.$inferSelect;
export type ModerationReportRow = typeof moderationReports.$inferSelect;
