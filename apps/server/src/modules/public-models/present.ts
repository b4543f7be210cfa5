import {
  CARD_DESCRIPTION_MAX,
  type Language,
  type ModelCard,
  type PublicModel,
  type PublicProduct,
  type ReceivesAt,
  slugify,
} from "@vitrine/contracts";
import { sql } from "drizzle-orm";
import { categories, estados, models, municipios, photos, products } from "../../db/schema";
import { fromCents } from "../../lib/money";
import { shorten } from "../../lib/text";
import { availableUntil } from "../models/availability";
import { currentTour, toursColumn } from "../tours/tours-store";

/** Columns a card needs; the description is cut in SQL so long texts never leave the database. */
export const cardColumns = {
  id: models.id,
  name: models.name,
  // Only a deleted (anonymised, never public) account has no age.
  age: sql<number>`${models.age}`,
  cityId: municipios.id,
  cityName: municipios.nome,
  citySlug: municipios.slug,
  uf: estados.uf,
  categoryName: categories.name,
  description: sql<string>`left(${models.description}, ${CARD_DESCRIPTION_MAX + 1})`,
  services: models.services,
  primaryPhoto: photos.filename,
  isFeatured: models.isFeatured,
  isVerified: models.isVerified,
  viewsCount: models.viewsCount,
  contactCount: models.contactCount,
  priceFrom: models.priceFrom,
  availableUntil: models.availableUntil,
  neighborhood: models.neighborhood,
  receivesAt: models.receivesAt,
  /** Her tours not ended (modules/tours): the card carries the one under way today. */
  tours: toursColumn,
};

export type CardRow = {
  id: number;
  name: string;
  age: number;
  cityId: number;
  cityName: string;
  citySlug: string;
  uf: string;
  categoryName: string | null;
  description: string;
  services: string;
  primaryPhoto: string | null;
  isFeatured: boolean;
  isVerified: boolean;
  viewsCount: number;
  contactCount: number;
  priceFrom: number | null;
  availableUntil: Date | string | null;
  neighborhood: string | null;
  receivesAt: string[];
  tours?: Parameters<typeof currentTour>[0];
};

export function presentCard(row: CardRow): ModelCard {
  return {
    id: row.id,
    name: row.name,
    age: row.age,
    city_id: row.cityId,
    city_name: row.cityName,
    state: row.uf,
    city_slug: row.citySlug,
    slug: slugify(row.name) || "modelo",
    category_name: row.categoryName,
    description: shorten(row.description, CARD_DESCRIPTION_MAX),
    services: row.services,
    primary_photo: row.primaryPhoto,
    is_featured: row.isFeatured,
    is_verified: row.isVerified,
    views_count: row.viewsCount,
    contact_count: row.contactCount,
    price_from: row.priceFrom === null ? null : fromCents(row.priceFrom),
    available_until: availableUntil(row.availableUntil),
    neighborhood: row.neighborhood,
    receives_at: row.receivesAt as ReceivesAt[],
    tour: currentTour(row.tours),
    // The listing marks the cards a paid boost placed (listing.ts).
    boost: null,
  };
}

/** Profile columns: the card's plus the details; never e-mail, username or password. */
export const profileColumns = {
  ...cardColumns,
  description: models.description,
  height: models.height,
  weight: models.weight,
  measurements: models.measurements,
  whatsapp: models.whatsapp,
  phone: models.phone,
  instagram: models.instagram,
  rates: models.rates,
  languages: models.languages,
};

export type ProfileRow = CardRow & {
  height: string | null;
  weight: string | null;
  measurements: string | null;
  whatsapp: string | null;
  phone: string | null;
  instagram: string | null;
  rates: string;
  languages: string[];
};

const toNumberOrNull = (value: string | null) => (value === null ? null : Number(value));

export function presentProfile(row: ProfileRow): PublicModel {
  return {
    ...presentCard(row),
    description: row.description,
    height: toNumberOrNull(row.height),
    weight: toNumberOrNull(row.weight),
    measurements: row.measurements || null,
    whatsapp: row.whatsapp || null,
    phone: row.phone || null,
    instagram: row.instagram || null,
    rates: row.rates,
    languages: row.languages as Language[],
  };
}

export const photoColumns = {
  id: photos.id,
  filename: photos.filename,
  is_primary: photos.isPrimary,
  width: photos.width,
  height: photos.height,
};

export const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  priceCents: products.priceCents,
  type: products.type,
};

export function presentProduct(row: {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  type: string;
}): PublicProduct {
  return { id: row.id, name: row.name, description: row.description, price: fromCents(row.priceCents), type: row.type };
}
