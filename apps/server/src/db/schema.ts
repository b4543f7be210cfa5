import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const admins = pgTable("admins", {
  id: serial("id").primaryKey(),
  username: text("username").notNull().unique(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  /** Carried in admin tokens; raising it (password change) ends every session signed before. */
  sessionVersion: integer("session_version").notNull().default(0),
  /** Set when the server generated the password: every admin route but the own-account change answers 403. */
  mustChangePassword: boolean("must_change_password").notNull().default(false),
  createdAt: createdAt(),
});

/** IBGE states: id is the 2-digit IBGE code. */
export const estados = pgTable("estados", {
  id: smallint("id").primaryKey(),
  uf: text("uf").notNull().unique(),
  nome: text("nome").notNull(),
  region: text("region").notNull(),
});

/** IBGE municipalities: id is the 7-digit IBGE code; slug ("sao-paulo-sp") and search_name are precomputed. */
export const municipios = pgTable(
  "municipios",
  {
    id: integer("id").primaryKey(),
    estadoId: smallint("estado_id")
      .notNull()
      .references(() => estados.id),
    nome: text("nome").notNull(),
    slug: text("slug").notNull().unique(),
    searchName: text("search_name").notNull(),
    isCapital: boolean("is_capital").notNull().default(false),
  },
  (t) => [
    index("municipios_estado_idx").on(t.estadoId, t.nome),
    index("municipios_search_trgm_idx").using("gin", sql`${t.searchName} gin_trgm_ops`),
    index("municipios_search_prefix_idx").on(sql`${t.searchName} text_pattern_ops`),
  ],
);

export const categories = pgTable("categories", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const plans = pgTable("plans", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  priceCents: integer("price_cents").notNull(),
  periodType: text("period_type").notNull().default("monthly"),
  highlight: boolean("highlight").notNull().default(false),
  paymentMethods: text("payment_methods")
    .array()
    .notNull()
    .default(sql`'{pix,cartao,boleto}'::text[]`),
  active: boolean("active").notNull().default(true),
  createdAt: createdAt(),
});

export const models = pgTable(
  "models",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    name: text("name").notNull(),
    /** age, estado and município are null only on a deleted (anonymised) account. */
    age: smallint("age"),
    estadoId: smallint("estado_id").references(() => estados.id),
    municipioId: integer("municipio_id").references(() => municipios.id),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    description: text("description").notNull().default(""),
    phone: text("phone"),
    whatsapp: text("whatsapp"),
    instagram: text("instagram"),
    /** metres, 2 decimals */
    height: numeric("height", { precision: 3, scale: 2 }),
    /** kilograms, 1 decimal */
    weight: numeric("weight", { precision: 4, scale: 1 }),
    measurements: text("measurements"),
    services: text("services").notNull().default(""),
    rates: text("rates").notNull().default(""),
    isActive: boolean("is_active").notNull().default(true),
    isVerified: boolean("is_verified").notNull().default(false),
    isFeatured: boolean("is_featured").notNull().default(false),
    viewsCount: integer("views_count").notNull().default(0),
    contactCount: integer("contact_count").notNull().default(0),
    planId: integer("plan_id").references(() => plans.id, { onDelete: "set null" }),
    /** Plan valid while today (America/Sao_Paulo) < next_due_date. Null: never paid. */
    nextDueDate: date("next_due_date", { mode: "string" }),
    /** Set when the first payment is applied: tells "expired" from "no_payment". */
    firstPaidAt: timestamp("first_paid_at", { withTimezone: true }),
    /** Lower-cased, accent-free text of name, description, category and city, for search. */
    searchText: text("search_text").notNull().default(""),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Carried in model tokens; raising it (password change) ends every session signed before. */
    sessionVersion: integer("session_version").notNull().default(0),
    /**
     * Moderation (modules/moderation): none, or why the public does not see her — held (an urgent report or
     * several visitors' reports, until an admin decides), hidden (an admin hid the profile), suspended (hidden,
     * and her own changes refused), banned (hidden, and she cannot sign in). Anything but none hides her.
     */
    moderationStatus: text("moderation_status").notNull().default("none"),
    /** Set while an urgent report is open: her photos are evidence, so she cannot delete them or her account. */
    photosFrozenAt: timestamp("photos_frozen_at", { withTimezone: true }),
    /**
     * The birth date of an approved identity verification (modules/verification): her age is computed from it
     * (São Paulo today) and the age she types is ignored. Null until one is approved.
     */
    verifiedBirthDate: date("verified_birth_date", { mode: "string" }),
    /**
     * Set when a verification showed her under 18: the account is frozen (hidden, is_verified cannot be turned
     * on, no new verification) and flagged on the admin "Verificações" queue until an admin unfreezes it.
     */
    verificationFrozenAt: timestamp("verification_frozen_at", { withTimezone: true }),
    /**
     * When she opened the confirmation link sent to her e-mail (modules/mail). Null: not confirmed yet, so she
     * cannot pay or be public. Accounts registered before confirmation existed count as confirmed (migration).
     */
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    /** Kinds of notification e-mail she switched off (modules/mail NOTIFICATION_KINDS); security ones always go. */
    emailNotificationsOff: text("email_notifications_off")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("models_username_uq").on(t.username),
    uniqueIndex("models_email_uq").on(t.email),
    index("models_municipio_idx").on(t.municipioId),
    // Public listing order (featured first, newest first). NULLS FIRST is what ORDER BY … DESC means: with
    // NULLS LAST the planner cannot walk the index in order. next_due_date is a key column so that the
    // visibility test (today < next_due_date) and counts are answered from the index alone.
    index("models_public_order_idx")
      .on(t.isFeatured.desc().nullsFirst(), t.id.desc().nullsFirst(), t.nextDueDate)
      .where(
        sql`${t.isActive} and ${t.isVerified} and ${t.emailConfirmedAt} is not null and ${t.deletedAt} is null and ${t.moderationStatus} = 'none'`,
      ),
    index("models_public_city_idx")
      .on(t.municipioId, t.isFeatured.desc().nullsFirst(), t.id.desc().nullsFirst(), t.nextDueDate)
      .where(
        sql`${t.isActive} and ${t.isVerified} and ${t.emailConfirmedAt} is not null and ${t.deletedAt} is null and ${t.moderationStatus} = 'none'`,
      ),
    index("models_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * A photo's fingerprint (modules/photos/fingerprint.ts): the SHA-256 (hex) of the stored bytes of its smallest
 * variant and its 64-bit perceptual hash, with the name of the hasher that made it. Null on a photo the backfill
 * job has not reached yet. Never sent to anyone.
 */
const fingerprintColumns = () => ({
  sha256: text("sha256"),
  perceptualHash: bigint("perceptual_hash", { mode: "bigint" }),
  hasher: text("hasher"),
});

/**
 * The exact-copy index and the near-copy indexes: the hash in four 16-bit bands, each indexed, so a search for
 * hashes a few bits away looks up each band's close values instead of reading every row (fingerprint-store.ts
 * writes the same expressions).
 */
function fingerprintIndexes(table: string, t: { sha256: AnyPgColumn; perceptualHash: AnyPgColumn }) {
  return [
    index(`${table}_sha256_idx`).on(t.sha256),
    ...[48, 32, 16, 0].map((shift, band) =>
      index(`${table}_phash_band${band}_idx`).on(sql`((${t.perceptualHash} >> ${sql.raw(String(shift))}) & 65535)`),
    ),
  ];
}

export const photos = pgTable(
  "photos",
  {
    id: serial("id").primaryKey(),
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    /** Random storage key; variants are stored as `${filename}-${width}.webp`. */
    filename: text("filename").notNull().unique(),
    originalName: text("original_name").notNull().default(""),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    isPrimary: boolean("is_primary").notNull().default(false),
    isPublic: boolean("is_public").notNull().default(false),
    /** Hidden by moderation: private, and the model cannot make it public again. */
    moderationHiddenAt: timestamp("moderation_hidden_at", { withTimezone: true }),
    ...fingerprintColumns(),
    /**
     * Perceptual hashes of the picture cut by 5 % on each side, each corner and all around: copied to
     * blocked_photo_fingerprints when the photo is blocked, so that a cropped copy is refused too.
     */
    cropHashes: bigint("crop_hashes", { mode: "bigint" }).array(),
    createdAt: createdAt(),
  },
  (t) => [
    index("photos_model_idx").on(t.modelId),
    uniqueIndex("photos_one_primary_uq")
      .on(t.modelId)
      .where(sql`${t.isPrimary}`),
    ...fingerprintIndexes("photos", t),
    // The 16-bit bands of every crop hash, each tagged with its band number (band << 16 | value; the function is
    // defined by migration 0028): a cropped copy of a photo is found through them as a whole picture is through
    // the band indexes above (modules/photos/fingerprint-store.ts).
    index("photos_crop_bands_idx").using("gin", sql`photo_crop_bands(${t.cropHashes})`),
    // The backfill job's queue: empty once every photo has its fingerprint.
    index("photos_fingerprint_pending_idx")
      .on(t.id)
      .where(sql`${t.hasher} is null`),
  ],
);

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    type: text("type").notNull().default("digital"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("products_model_idx").on(t.modelId)],
);

/**
 * What a payment record (a model's plan payment or a shop order) knows of its charge at the payment provider.
 * The provider's own payment id is the unique `payment_id` column of each table.
 */
const providerColumns = () => ({
  /** The provider's status as last read from it (approved, pending, rejected, refunded, …). */
  providerStatus: text("provider_status"),
  /** When the record was last compared with the provider (webhook, return page or reconciliation). */
  providerCheckedAt: timestamp("provider_checked_at", { withTimezone: true }),
  /** A pending charge is no longer payable after this (a Pix code's or a checkout link's deadline). */
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  /**
   * Something an admin must look at, set by the payment code: amount_mismatch (the provider charged another
   * amount or currency: not applied; cleared when the record becomes paid, by whatever path), refunded,
   * charged_back, duplicate (a second approved charge for a record already paid: to be refunded by hand).
   */
  flag: text("flag"),
  flaggedAt: timestamp("flagged_at", { withTimezone: true }),
});

export const modelPayments = pgTable(
  "model_payments",
  {
    id: serial("id").primaryKey(),
    /** Null once the model's account is deleted: the record stays, anonymised. */
    modelId: integer("model_id").references(() => models.id, { onDelete: "set null" }),
    planId: integer("plan_id").references(() => plans.id, { onDelete: "set null" }),
    planName: text("plan_name"),
    periodType: text("period_type"),
    amountCents: integer("amount_cents").notNull(),
    method: text("method").notNull(),
    description: text("description").notNull().default(""),
    status: text("status").notNull().default("pending"),
    dueDate: date("due_date", { mode: "string" }),
    paymentLink: text("payment_link"),
    /** Provider payment id: unique, so a provider payment is applied once. */
    paymentId: text("payment_id").unique(),
    preferenceId: text("preference_id"),
    pixTxid: text("pix_txid"),
    pixPayload: text("pix_payload"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Set in the same transaction that extends the plan: a payment is applied exactly once. */
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    /**
     * Days this payment moved the model's next_due_date when it was applied (0 when it moved nothing); taking the
     * payment back (un-paid, refunded, deleted) moves the date back by as many days, never before today.
     */
    appliedDays: integer("applied_days"),
    ...providerColumns(),
    /**
     * The Idempotency-Key an admin sent with the request that recorded this payment, with that admin and a digest
     * of the request: the same key from the same admin answers this payment again instead of recording another.
     */
    idempotencyAdminId: integer("idempotency_admin_id").references(() => admins.id, { onDelete: "set null" }),
    idempotencyKey: text("idempotency_key"),
    idempotencyDigest: text("idempotency_digest"),
    createdAt: createdAt(),
  },
  (t) => [
    index("model_payments_model_idx").on(t.modelId, t.createdAt),
    uniqueIndex("model_payments_idempotency_uq").on(t.idempotencyAdminId, t.idempotencyKey),
    index("model_payments_open_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    modelId: integer("model_id").references(() => models.id, { onDelete: "set null" }),
    productName: text("product_name").notNull().default(""),
    customerName: text("customer_name").notNull().default(""),
    customerEmail: text("customer_email").notNull().default(""),
    customerPhone: text("customer_phone").notNull().default(""),
    amountCents: integer("amount_cents").notNull(),
    status: text("status").notNull().default("pending"),
    method: text("method").notNull().default("pix"),
    paymentId: text("payment_id").unique(),
    pixTxid: text("pix_txid"),
    /** Mercado Pago Checkout Pro preference of a "PIX via Mercado Pago" order. */
    preferenceId: text("preference_id"),
    /**
     * The buyer's key to the order's page (/payment/success?order_id=…): 64 hex digits from two random UUIDs
     * (244 random bits, PostgreSQL's strong random source), set by the database for every order, old ones too.
     */
    accessToken: text("access_token")
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    ...providerColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    index("orders_created_idx").on(t.createdAt),
    index("orders_model_idx").on(t.modelId),
    index("orders_open_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

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

/** Admin impersonation: single-use, short-lived, stored hashed. */
export const directLoginTokens = pgTable("direct_login_tokens", {
  id: serial("id").primaryKey(),
  tokenHash: text("token_hash").notNull().unique(),
  modelId: integer("model_id")
    .notNull()
    .references(() => models.id, { onDelete: "cascade" }),
  adminId: integer("admin_id").references(() => admins.id, { onDelete: "set null" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: createdAt(),
});

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
 * Failed sign-ins per account (key "admin:<email>" or "model:<email>", whether the account exists or not), for
 * the per-account backoff: after a few failures each further attempt must wait until blocked_until.
 */
export const loginThrottle = pgTable("login_throttle", {
  accountKey: text("account_key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  blockedUntil: timestamp("blocked_until", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

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
 * Fingerprints of photos removed by moderation (modules/photos, blockPhotoFingerprints): an upload with the same
 * SHA-256 or a perceptual hash within the match distance of any row is refused. One row per hash of the photo:
 * variant 0 is the whole picture (with its SHA-256), 1–9 its crops. Copied from the photo, so the block outlives
 * it. A photo removed before the backfill reached it is recorded by its file name with no fingerprint yet; the
 * backfill job fills it in from the stored file while that still exists.
 */
export const blockedPhotoFingerprints = pgTable(
  "blocked_photo_fingerprints",
  {
    id: serial("id").primaryKey(),
    ...fingerprintColumns(),
    /**
     * 0: the whole picture; 1–9: one of its crops (photos.crop_hashes, in order); 100 and up: one of its edit-proof
     * views (hasher "view-dct-simhash-128", modules/photos/fingerprint-robust.ts; a lone row 100 without hashes:
     * none could be computed).
     */
    variant: smallint("variant").notNull().default(0),
    /** A view row's second 64 bits (its SimHash; perceptual_hash holds its pHash). Null on other rows. */
    detailHash: bigint("detail_hash", { mode: "bigint" }),
    /** The storage name of the photo blocked, while its fingerprint is still to be computed. */
    pendingFilename: text("pending_filename"),
    photoId: integer("photo_id"),
    modelId: integer("model_id"),
    reason: text("reason").notNull(),
    adminId: integer("admin_id").references(() => admins.id, { onDelete: "set null" }),
    /**
     * The moderation case whose decision blocked it: reversing that decision on appeal lifts its rows only, so a
     * picture another decision blocked too stays blocked. Null for blocks made before it was recorded.
     */
    caseId: integer("case_id"),
    createdAt: createdAt(),
  },
  (t) => [
    ...fingerprintIndexes("blocked_photo_fingerprints", t),
    // The view rows' second half, looked up by its bands like the first (modules/photos/fingerprint-store.ts).
    ...[48, 32, 16, 0].map((shift, band) =>
      index(`blocked_photo_fingerprints_detail_band${band}_idx`).on(
        sql`((${t.detailHash} >> ${sql.raw(String(shift))}) & 65535)`,
      ),
    ),
    uniqueIndex("blocked_photo_fingerprints_photo_variant_case_uq").on(t.photoId, t.variant, t.caseId),
    index("blocked_photo_fingerprints_case_idx").on(t.caseId),
  ],
);

/** Row types, declared once: every module names a table's row by these. */
export type AdminRow = typeof admins.$inferSelect;
export type ModelRow = typeof models.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type ModelPaymentRow = typeof modelPayments.$inferSelect;
export type SettingRow = typeof settings.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;

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
 * One age check at a verifier (age assurance, modules/age-assurance): started when the visitor leaves for the
 * verifier, completed once from its callback. Only the answer is kept — never a name, birth date, document or
 * image — with the verifier, the method, the assurance level, the times and a hash of the browser's age session id.
 * Rows are deleted after 180 days by the age-checks job, which keeps their daily counts in age_check_days.
 */
export const ageChecks = pgTable(
  "age_checks",
  {
    /** Random id; the pending flow (in the browser's signed cookie) names it, so a callback completes it once. */
    id: text("id").primaryKey(),
    verifier: text("verifier").notNull(),
    /** How the verifier checked (e.g. "oidc"; a vendor's own method when its token tells). */
    method: text("method").notNull(),
    /** over18 | under18 | cancelled | error | replayed; null while the visitor is at the verifier. */
    outcome: text("outcome"),
    /** The verifier's assurance level (the ID token's `acr`), when it gives one. */
    assurance: text("assurance"),
    /** SHA-256 (base64url) of the browser's age session id: ties a check to a browser without naming it. */
    sessionHash: text("session_hash").notNull(),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("age_checks_created_at_idx").on(t.createdAt),
    // Checks never finished, which the retention job drops after a day (migration 0038).
    index("age_checks_pending_created_at_idx")
      .on(t.createdAt)
      .where(sql`${t.outcome} IS NULL`),
  ],
);

/** Daily counts of age checks per verifier and outcome ("started" for every check begun), kept after the rows go. */
export const ageCheckDays = pgTable(
  "age_check_days",
  {
    /** The São Paulo calendar day. */
    day: date("day").notNull(),
    verifier: text("verifier").notNull(),
    outcome: text("outcome").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.verifier, t.outcome] })],
);

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

/**
 * An identity verification of a model (modules/verification): by review (she sends a photo of an identity
 * document and a selfie holding the code shown on her screen, an admin decides) or through a verifier (its answer
 * decides). Review files are encrypted in storage under verification/ and deleted by the verification job after
 * files_delete_after; then only the decision, the reviewer, the document type and the birth date are left.
 */
export const identityVerifications = pgTable(
  "identity_verifications",
  {
    id: serial("id").primaryKey(),
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    /** review | verifier */
    method: text("method").notNull(),
    /**
     * draft (the code shown, nothing sent yet) | pending (sent, awaiting an admin) | approved | rejected |
     * resubmit (an admin asked for new photos) | underage (the account was frozen)
     */
    status: text("status").notNull(),
    /** The code she holds in the selfie; cleared with the files. */
    code: text("code"),
    /** rg | cnh | passport */
    documentType: text("document_type"),
    documentFileKey: text("document_file_key"),
    selfieFileKey: text("selfie_file_key"),
    /** A submission after a rejection (her one appeal), with her message (cleared with the files). */
    isAppeal: boolean("is_appeal").notNull().default(false),
    appealMessage: text("appeal_message"),
    /** The verifier's name (method verifier). */
    verifier: text("verifier"),
    /**
     * Who was verified, as a keyed hash (HMAC-SHA256, modules/verification/identity-hash.ts) of the document type
     * and number the admin read (review) or of the verifier's issuer and subject (verifier): never the number
     * itself. A ban copies it to banned_identities, so that the same identity cannot be verified again.
     */
    identityHash: text("identity_hash"),
    birthDate: date("birth_date", { mode: "string" }),
    /** Why it was rejected or new photos were asked for: she reads it. */
    reason: text("reason"),
    decidedBy: integer("decided_by").references(() => admins.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /** When the verification job deletes the files (24 h after the decision, 30 days when she appeals). */
    filesDeleteAfter: timestamp("files_delete_after", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One verification in progress per model: a draft or one awaiting review.
    uniqueIndex("identity_verifications_open_uq")
      .on(t.modelId)
      .where(sql`${t.status} in ('draft', 'pending')`),
    index("identity_verifications_model_idx").on(t.modelId, t.createdAt),
    index("identity_verifications_queue_idx")
      .on(t.submittedAt)
      .where(sql`${t.status} = 'pending'`),
    index("identity_verifications_files_idx")
      .on(t.filesDeleteAfter)
      .where(sql`${t.filesDeleteAfter} is not null`),
  ],
);

export type IdentityVerificationRow = typeof identityVerifications.$inferSelect;

/**
 * One row per sign-in (modules/sessions): its random id travels in the token as `sid`, and a token is honoured only
 * while its row is not ended and carries the account's current session version. `network` keeps only the address
 * prefix (IPv4 /24, IPv6 /48): enough for her to tell her networks apart, not the address of her home.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    accountKind: text("account_kind", { enum: ["admin", "model"] }).notNull(),
    accountId: integer("account_id").notNull(),
    /** The account's session_version when the session started (or last renewed it, e.g. a password change). */
    sessionVersion: integer("session_version").notNull(),
    device: text("device").notNull(),
    network: text("network").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    index("sessions_account_idx").on(t.accountKind, t.accountId, t.firstSeenAt),
    check("sessions_account_kind_check", sql`${t.accountKind} in ('admin', 'model')`),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;

/**
 * Single-use links sent by e-mail (modules/mail): `confirm` proves an address is hers (24 h; `email` is the
 * address it confirms, so a change of e-mail takes effect only once the new one is confirmed), `reset` lets her
 * choose a new password (30 min). Only a SHA-256 of the token is kept: the database alone cannot use a link.
 */
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: serial("id").primaryKey(),
    purpose: text("purpose").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    modelId: integer("model_id").references(() => models.id, { onDelete: "cascade" }),
    adminId: integer("admin_id").references(() => admins.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("email_tokens_model_idx").on(t.modelId), index("email_tokens_admin_idx").on(t.adminId)],
);

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
export type EmailTokenRow = typeof emailTokens.$inferSelect;

/**
 * Two-step sign-in with an authenticator app (TOTP, modules/two-factor): one per account. The secret is sealed with
 * AES-256-GCM under TWO_FACTOR_KEY; `confirmed_at` is null while she sets it up (the code not yet typed once).
 * `last_used_step` is the 30-second step of the last code accepted: a code (and any older one) is usable once.
 */
export const twoFactorSecrets = pgTable(
  "two_factor_secrets",
  {
    accountKind: text("account_kind", { enum: ["admin", "model"] }).notNull(),
    accountId: integer("account_id").notNull(),
    secretSealed: text("secret_sealed").notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    lastUsedStep: bigint("last_used_step", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountKind, t.accountId] })],
);

/** Ten one-time recovery codes per account with two-step sign-in, stored as their SHA-256 only. */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: serial("id").primaryKey(),
    accountKind: text("account_kind", { enum: ["admin", "model"] }).notNull(),
    accountId: integer("account_id").notNull(),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("two_factor_recovery_codes_account_idx").on(t.accountKind, t.accountId)],
);

/**
 * What a model accepted and when (modules/consents): one row per document version she accepted, written at
 * registration and when she accepts a new version. The terms text ships with the site, so its version is an integer
 * in the code (TERMS_VERSION in contracts), raised whenever that text changes.
 */
export const consents = pgTable(
  "consents",
  {
    id: serial("id").primaryKey(),
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    document: text("document").notNull(),
    version: integer("version").notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("consents_model_document_version_uq").on(t.modelId, t.document, t.version)],
);

/**
 * Passkeys (WebAuthn credentials) of an admin or a model: a second step after the password, or a sign-in without
 * one. The public key (COSE, base64url) verifies each assertion; `counter` is the authenticator's signature count,
 * which must grow when the authenticator keeps one (a clone shows a counter that went back).
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: serial("id").primaryKey(),
    credentialId: text("credential_id").notNull(),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    accountKind: text("account_kind", { enum: ["admin", "model"] }).notNull(),
    accountId: integer("account_id").notNull(),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("passkeys_credential_id_uq").on(t.credentialId),
    index("passkeys_account_idx").on(t.accountKind, t.accountId),
  ],
);
export type PasskeyRow = typeof passkeys.$inferSelect;

/**
 * WebAuthn challenges handed out and not yet answered: each is spent by the DELETE that reads it, so it is usable
 * once, and only until `expires_at`. `purpose` and the account (null for a sign-in without password, where the
 * credential names the account) say what it may be used for.
 */
export const passkeyChallenges = pgTable(
  "passkey_challenges",
  {
    challenge: text("challenge").primaryKey(),
    purpose: text("purpose", { enum: ["register", "second_step", "sign_in"] }).notNull(),
    accountKind: text("account_kind", { enum: ["admin", "model"] }).notNull(),
    accountId: integer("account_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("passkey_challenges_expires_idx").on(t.expiresAt)],
);
