/** Places (IBGE states and municipalities), profile categories and the plans a model pays for. */
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, smallint, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

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

/**
 * The service names the admin keeps (issue 30): the profile editor offers them as choices (free text is still
 * accepted) and the listing's service filter lists them. Unique ignoring case and accents (name_search).
 */
export const serviceOptions = pgTable("service_options", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  /** normalizeText(name) */
  nameSearch: text("name_search").notNull().unique(),
  createdAt: createdAt(),
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

export type PlanRow = typeof plans.$inferSelect;
