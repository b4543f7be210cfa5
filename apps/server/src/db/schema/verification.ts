/** Identity verifications of models and visitors' age checks. */
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { admins, models } from "./accounts";

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
