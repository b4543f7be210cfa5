import { normalizeText } from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client";
import { estados, municipios } from "../db/schema";

declare module "fastify" {
  interface FastifyInstance {
    /** The IBGE municipalities in memory: loaded on first use, retried while the load fails or finds none. */
    cityIndex(): Promise<CityIndex>;
  }
}

export type CityEntry = {
  id: number;
  name: string;
  uf: string;
  slug: string;
  isCapital: boolean;
  /** search_name with every run of non-alphanumerics as one space: "embu-guacu" → "embu guacu". */
  loose: string;
};

export type CityIndex = {
  byId: Map<number, CityEntry>;
  bySlug: Map<string, CityEntry>;
  all: CityEntry[];
  ufs: Set<string>;
};

export const looseText = (text: string) =>
  normalizeText(text)
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

async function loadCityIndex(db: Db): Promise<CityIndex> {
  const rows = await db
    .select({
      id: municipios.id,
      name: municipios.nome,
      uf: estados.uf,
      slug: municipios.slug,
      searchName: municipios.searchName,
      isCapital: municipios.isCapital,
    })
    .from(municipios)
    .innerJoin(estados, eq(estados.id, municipios.estadoId));
  const all = rows
    .map((r) => ({
      id: r.id,
      name: r.name,
      uf: r.uf,
      slug: r.slug,
      isCapital: r.isCapital,
      loose: looseText(r.searchName),
    }))
    .sort((a, b) => (a.loose === b.loose ? a.uf.localeCompare(b.uf) : a.loose < b.loose ? -1 : 1));
  return {
    all,
    byId: new Map(all.map((c) => [c.id, c])),
    bySlug: new Map(all.map((c) => [c.slug, c])),
    ufs: new Set(all.map((c) => c.uf)),
  };
}

/**
 * The 5,570 IBGE municipalities are fixed reference data loaded before the app starts, so each app keeps
 * them in memory (about 1 MB): city search and slug lookups then cost no database round trip.
 */
export const cityIndexPlugin = fp(async (app: FastifyInstance) => {
  let index: Promise<CityIndex> | null = null;
  app.decorate("cityIndex", () => {
    // A failed or empty load (reference data not there yet) is retried by the next call.
    index ??= loadCityIndex(app.db).then(
      (loaded) => {
        if (loaded.all.length === 0) index = null;
        return loaded;
      },
      (err: unknown) => {
        index = null;
        throw err;
      },
    );
    return index;
  });
});
