import type { ProfileUpdate } from "@vitrine/contracts";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { categories, estados, identityVerifications, models, municipios } from "../../db/schema";
import { notFound } from "../../lib/app-error";
import { withPlace } from "../models/model-query";
import { assertPlaceAndCategory } from "../models/place";
import { derivedListingColumns } from "../../db/derived-columns";
import { buildModelSearchText } from "../models/search-text";
import { isPubliclyVisible } from "../models/visibility";
import type { ProfileRow } from "./present";

/** The model with its place and category names, and whether the public sees it right now. */
export async function findProfileRow({ db, modelId }: { db: Db; modelId: number }): Promise<ProfileRow> {
  const [row] = await withPlace(
    db
      .select({
        model: models,
        uf: estados.uf,
        cityName: municipios.nome,
        citySlug: municipios.slug,
        categoryName: categories.name,
        isVisible: sql<boolean>`(${isPubliclyVisible()})`,
        verificationSentAt: sql<string | Date | null>`(
          select ${identityVerifications.submittedAt} from ${identityVerifications}
          where ${identityVerifications.modelId} = ${models.id} and ${identityVerifications.status} = 'pending'
          limit 1)`,
      })
      .from(models)
      .$dynamic(),
  ).where(eq(models.id, modelId));
  if (!row) throw notFound("Modelo não encontrada");
  const sent = row.verificationSentAt;
  return {
    ...row,
    isVisible: Boolean(row.isVisible),
    verificationSentAt: sent === null ? null : new Date(sent),
  };
}

const decimal = (v: number | null | undefined) => (v === undefined ? undefined : v === null ? null : String(v));

/**
 * Applies PUT /api/models/profile: required fields always, optional ones only when sent (the age only until her
 * identity verification gives a birth date). The search text is rebuilt from the resulting name, description,
 * category and city.
 */
export async function updateProfile({ db, modelId, input }: { db: Db; modelId: number; input: ProfileUpdate }) {
  const place = await assertPlaceAndCategory({ db, place: input });
  const current = await findProfileRow({ db, modelId });
  const description = input.description ?? current.model.description;
  const derived = derivedListingColumns({
    rates: input.rates ?? current.model.rates,
    services: input.services ?? current.model.services,
    neighborhood: input.neighborhood === undefined ? current.model.neighborhood : input.neighborhood,
  });
  await db
    .update(models)
    .set({
      name: input.name,
      // Verified: her age follows the birth date of her verification (modules/verification), not what she types.
      age: current.model.verifiedBirthDate === null ? input.age : current.model.age,
      estadoId: input.estado_id,
      municipioId: input.municipio_id,
      categoryId: input.category_id,
      description,
      phone: input.phone,
      whatsapp: input.whatsapp,
      instagram: input.instagram,
      height: decimal(input.height),
      weight: decimal(input.weight),
      measurements: input.measurements,
      services: input.services,
      rates: input.rates,
      receivesAt: input.receives_at,
      neighborhood: input.neighborhood,
      languages: input.languages,
      ...derived,
      searchText: buildModelSearchText({
        name: input.name,
        description,
        categoryName: place.categoryName,
        cityName: place.municipioNome,
        uf: place.estadoUf,
      }),
      updatedAt: new Date(),
    })
    .where(eq(models.id, modelId));
}
