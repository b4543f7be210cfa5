/**
 * How an account signs in: sessions, e-mailed links, two-step sign-in, passkeys, the admin's direct-login tokens and
 * the per-account backoff.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accountColumns, accountKind, createdAt } from "./columns";
import { admins, models } from "./accounts";

/**
 * One row per sign-in (modules/sessions): its random id travels in the token as `sid`, and a token is honoured only
 * while its row is not ended and carries the account's current session version. `network` keeps only the address
 * prefix (IPv4 /24, IPv6 /48): enough for her to tell her networks apart, not the address of her home.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    ...accountColumns(),
    /** The account's session_version when the session started (or last renewed it, e.g. a password change). */
    sessionVersion: integer("session_version").notNull(),
    device: text("device").notNull(),
    network: text("network").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /**
     * When the session last proved it is her: its sign-in, then her password or a current second factor
     * (modules/recent-proof). A sensitive change needs a proof of the last few minutes.
     */
    provedAt: timestamp("proved_at", { withTimezone: true }).notNull().defaultNow(),
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
 * Two-step sign-in with an authenticator app (TOTP, modules/two-factor): one per account. The secret is sealed with
 * AES-256-GCM under TWO_FACTOR_KEY; `confirmed_at` is null while she sets it up (the code not yet typed once).
 * `last_used_step` is the 30-second step of the last code accepted: a code (and any older one) is usable once.
 */
export const twoFactorSecrets = pgTable(
  "two_factor_secrets",
  {
    ...accountColumns(),
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
    ...accountColumns(),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("two_factor_recovery_codes_account_idx").on(t.accountKind, t.accountId)],
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
    ...accountColumns(),
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
    accountKind: accountKind(),
    accountId: integer("account_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("passkey_challenges_expires_idx").on(t.expiresAt)],
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
 * Failed sign-ins per account (key "admin:<email>" or "model:<email>", whether the account exists or not), for
 * the per-account backoff: after a few failures each further attempt must wait until blocked_until.
 */
export const loginThrottle = pgTable("login_throttle", {
  accountKey: text("account_key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  blockedUntil: timestamp("blocked_until", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type EmailTokenRow = typeof emailTokens.$inferSelect;
