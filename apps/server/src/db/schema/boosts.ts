/**
 * Paid boosts (migration 0046, decision 079): the products the admin sells and each boost a model bought, paid
 * through its own model payment and reviewed before it goes live.
 */
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { admins, models } from "./accounts";
import { municipios } from "./catalog";
import { modelPayments } from "./payments";

/** featured: "Destaque" (the featured places of her city); bump: "Subir anúncio" (the top of her city's list). */
export type BoostKind = "featured" | "bump";

export const boostProducts = pgTable("boost_products", {
  id: serial("id").primaryKey(),
  kind: text("kind").$type<BoostKind>().notNull(),
  name: text("name").notNull(),
  /** featured: how many days it lasts; bump: on how many days (one after the other) her card is moved up. */
  days: smallint("days").notNull(),
  priceCents: integer("price_cents").notNull(),
  active: boolean("active").notNull().default(true),
  sortOrder: smallint("sort_order").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
export type BoostProductRow = typeof boostProducts.$inferSelect;

/**
 * pending_payment → awaiting_review (paid) → approved | rejected (refunded with the reason); refunded when the
 * provider refunded or charged the payment back. Approved and not paused: live while starts_at <= now < ends_at.
 */
export type BoostStatus = "pending_payment" | "awaiting_review" | "approved" | "rejected" | "refunded";

export const boosts = pgTable(
  "boosts",
  {
    id: serial("id").primaryKey(),
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    /** Her city when she bought it: the boost places her in that city's list only. */
    cityId: integer("city_id")
      .notNull()
      .references(() => municipios.id),
    productId: integer("product_id").references(() => boostProducts.id, { onDelete: "set null" }),
    kind: text("kind").$type<BoostKind>().notNull(),
    name: text("name").notNull(),
    days: smallint("days").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** Her payment of it (her receipt), settled by the provider's webhooks. */
    paymentId: integer("payment_id")
      .notNull()
      .unique()
      .references(() => modelPayments.id, { onDelete: "cascade" }),
    status: text("status").$type<BoostStatus>().notNull().default("pending_payment"),
    /** bump: the São Paulo hour of each move up (null: at approval, then every 24 h). */
    bumpHour: smallint("bump_hour"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** When it (last) entered the review queue: the queue's waiting time counts from here. */
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: integer("reviewed_by").references(() => admins.id, { onDelete: "set null" }),
    /** The digest of her ad (text and public photos) as the admin approved it. */
    reviewHash: text("review_hash"),
    reviews: smallint("reviews").notNull().default(0),
    rejectReason: text("reject_reason"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Set when her ad changed while approved: back in the queue, off the public pages, its end unchanged. */
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    refundId: text("refund_id"),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** What the public pages last saw of it ('off' or 'live:<epoch s>'), kept by jobs/boosts.ts. */
    publicState: text("public_state").notNull().default("off"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("boosts_model_idx").on(t.modelId, t.createdAt),
    index("boosts_queue_idx")
      .on(t.submittedAt)
      .where(sql`${t.status} = 'awaiting_review'`),
    index("boosts_city_live_idx")
      .on(t.cityId, t.kind, t.startsAt)
      .where(sql`${t.status} = 'approved'`),
  ],
);
export type BoostRow = typeof boosts.$inferSelect;
