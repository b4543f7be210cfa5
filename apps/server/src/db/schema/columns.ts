import { integer, text, timestamp } from "drizzle-orm/pg-core";

/** The creation time every table that records one declares the same way. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * The account a row belongs to: its kind and its id (admins and models live in separate tables, so the pair is the
 * reference and no foreign key holds it).
 */
export const accountKind = () => text("account_kind", { enum: ["admin", "model"] }).notNull();
export const accountColumns = () => ({ accountKind: accountKind(), accountId: integer("account_id").notNull() });
