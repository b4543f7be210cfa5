/** The accounts: administrators, models and what a model accepted. */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { categories, estados, municipios, plans } from "./catalog";

export const admins = pgTable("admins", {
  id: serial("id").primaryKey(),
  username: text("username").notNull().unique(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  /** Carried in admin tokens; raising it (password change) ends every session signed before. */
  sessionVersion: integer("session_version").notNull().default(0),
  /** Set when the server generated the password: every admin route but the own-account change answers 403. */
  mustChangePassword: boolean("must_change_password").notNull().default(false),
  /** Set by a password reset: her next screen reviews her passkeys and sessions (modules/recent-proof). */
  accessReviewDue: boolean("access_review_due").notNull().default(false),
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
    /** Set by a password reset: her next screen reviews her passkeys and sessions (modules/recent-proof). */
    accessReviewDue: boolean("access_review_due").notNull().default(false),
    /** Kinds of notification e-mail she switched off (modules/mail NOTIFICATION_KINDS); security ones always go. */
    emailNotificationsOff: text("email_notifications_off")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Where she receives (contracts RECEIVES_AT), for the card, the profile and the `atende` filter. */
    receivesAt: text("receives_at")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Her region or neighbourhood in the city, as typed; neighborhood_search is its normalised form (filter). */
    neighborhood: text("neighborhood"),
    neighborhoodSearch: text("neighborhood_search").notNull().default(""),
    /** The languages she speaks (contracts LANGUAGES). */
    languages: text("languages")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Each service of her comma list, normalised (normalizeText): the `servico` filter matches these. */
    servicesSearch: text("services_search")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Her lowest price per hour in cents, derived from her rates whenever they are saved (hourlyPriceFrom). */
    priceFrom: integer("price_from"),
    /**
     * Which rule last derived price_from and services_search (db/derived-columns.ts): rows behind are
     * derived again when the server starts (so the columns added by migration 0042 are filled by the same code).
     */
    derivedVersion: smallint("derived_version").notNull().default(0),
    /** "Disponível agora" until this instant; the public compares it with now, so it ends by itself. */
    availableUntil: timestamp("available_until", { withTimezone: true }),
    /** The São Paulo day of her last "Disponível agora" start, and how many starts she made that day. */
    availabilityDay: date("availability_day", { mode: "string" }),
    availabilityStarts: smallint("availability_starts").notNull().default(0),
    /**
     * Set while she paused her ad ("Pausar anúncio", modules/pause): the public does not see her (model_is_listed,
     * migration 0044); her plan keeps running. Null: not paused.
     */
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("models_username_uq").on(t.username),
    uniqueIndex("models_email_uq").on(t.email),
    index("models_municipio_idx").on(t.municipioId),
    // Public listing order (featured first, newest first). NULLS FIRST is what ORDER BY … DESC means: with
    // NULLS LAST the planner cannot walk the index in order. The predicate is the public rule's part that does
    // not depend on the day (model_is_listed, migration 0041); next_due_date is a key column so that the day's
    // part (today < next_due_date) and counts are answered from the index alone.
    index("models_public_order_idx")
      .on(t.isFeatured.desc().nullsFirst(), t.id.desc().nullsFirst(), t.nextDueDate)
      .where(publicIndexPredicate(t)),
    index("models_public_city_idx")
      .on(t.municipioId, t.isFeatured.desc().nullsFirst(), t.id.desc().nullsFirst(), t.nextDueDate)
      .where(publicIndexPredicate(t)),
    index("models_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    // Listing filters and orders (migration 0042): the price orders per city and overall, and the few models
    // "Disponível agora" at any moment.
    index("models_public_city_price_idx")
      .on(t.municipioId, t.priceFrom, t.id, t.nextDueDate)
      .where(publicIndexPredicate(t)),
    index("models_public_price_idx").on(t.priceFrom, t.id, t.nextDueDate).where(publicIndexPredicate(t)),
    index("models_available_until_idx")
      .on(t.availableUntil)
      .where(sql`${t.availableUntil} is not null`),
    // A filtered list and its count read this index alone (migration 0043). Its INCLUDE columns (price_from, age,
    // category_id, receives_at, services_search, neighborhood_search, available_until, views_count, is_verified)
    // are in the migration only: drizzle cannot declare them.
    index("models_public_filters_idx")
      .on(t.municipioId, t.isFeatured, t.id, t.nextDueDate)
      .where(publicIndexPredicate(t)),
  ],
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

export type AdminRow = typeof admins.$inferSelect;
export type ModelRow = typeof models.$inferSelect;

/** The public indexes' predicate: the database's model_is_listed of the columns it reads (migrations 0041, 0044). */
function publicIndexPredicate(t: {
  isActive: AnyPgColumn;
  isVerified: AnyPgColumn;
  emailConfirmedAt: AnyPgColumn;
  deletedAt: AnyPgColumn;
  moderationStatus: AnyPgColumn;
  pausedAt: AnyPgColumn;
}) {
  return sql`model_is_listed(${t.isActive}, ${t.isVerified}, ${t.emailConfirmedAt}, ${t.deletedAt}, ${t.moderationStatus}, ${t.pausedAt})`;
}
