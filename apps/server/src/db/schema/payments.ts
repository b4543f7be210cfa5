/**
 * The shop's products and orders and a model's plan payments, with what each knows of its charge at the payment
 * provider.
 */
import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { admins, models } from "./accounts";
import { plans } from "./catalog";

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

export type ProductRow = typeof products.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type ModelPaymentRow = typeof modelPayments.$inferSelect;
