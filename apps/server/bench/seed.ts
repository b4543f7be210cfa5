import { normalizeText } from "@vitrine/contracts";
import { sql } from "drizzle-orm";
import type { Database } from "../src/db/client";
import { DEMO_DESCRIPTIONS, DEMO_FIRST_NAMES, DEMO_LAST_NAMES, DEMO_SERVICES } from "../src/demo/demo-data";

// The bench reuses the demo's invented names and texts (the demo lists are longer; any list works here).
const FIRST_NAMES = DEMO_FIRST_NAMES;
const LAST_NAMES = DEMO_LAST_NAMES;
const DESCRIPTIONS = DEMO_DESCRIPTIONS;
const SERVICES = DEMO_SERVICES;

/** A SQL text literal for constant data written in this file. */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const textArray = (items: string[]) => `ARRAY[${items.map(literal).join(",")}]::text[]`;

export type SeedOptions = { models: number; cities: number };

/**
 * Seeds `models` visible-ish models (about 85% publicly visible: some inactive, some expired or due today)
 * over `cities` municipalities (the 27 capitals plus a fixed pseudo-random sample), skewed so that a few cities
 * hold thousands and most hold a few dozen. Everything is generated inside the database with
 * generate_series, so 100,000 rows take seconds. search_text is built the way the app builds it.
 */
export async function seedBenchData(database: Database, opts: SeedOptions): Promise<"seeded" | "reused"> {
  const { db } = database;
  const counts = await db.execute(sql`
    select count(*) filter (where username like 'bench%')::int as bench,
           count(*) filter (where username not like 'bench%')::int as other
    from models`);
  const [{ bench, other }] = rowsOf<{ bench: number; other: number }>(counts);
  if (other > 0) {
    throw new Error(`o banco já tem ${other} modelos que não são do benchmark: use um banco vazio`);
  }
  if (bench === opts.models) return "reused";
  if (bench > 0) await db.execute(sql`truncate models cascade`);

  const n = (v: number) => String(Math.trunc(v));
  const firstNorm = FIRST_NAMES.map(normalizeText);
  const lastNorm = LAST_NAMES.map(normalizeText);
  const descNorm = DESCRIPTIONS.map(normalizeText);
  const cats = rowsOf<{ id: number; name: string }>(await db.execute(sql`select id, name from categories order by id`));
  const categoryIds = `ARRAY[${cats.map((c) => n(c.id)).join(",")}]::int[]`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`drop table if exists bench_cities`);
    await tx.execute(
      sql.raw(`create table bench_cities as
        select (row_number() over (order by m.is_capital desc, md5(m.id::text)) - 1)::int as idx,
               m.id, m.estado_id, m.search_name, lower(e.uf) as uf
        from municipios m join estados e on e.id = m.estado_id
        order by m.is_capital desc, md5(m.id::text)
        limit ${n(opts.cities)}`),
    );
    await tx.execute(sql`create unique index on bench_cities (idx)`);
    // city index skewed towards the first cities (capitals): density ~ 1/sqrt(idx)
    await tx.execute(
      sql.raw(`insert into models (username, email, password_hash, name, age, estado_id, municipio_id, category_id,
          description, services, rates, whatsapp, phone, is_active, is_verified, is_featured, views_count, contact_count,
          next_due_date, first_paid_at, email_confirmed_at, search_text, created_at,
          receives_at, neighborhood, neighborhood_search, available_until)
        select 'bench' || g, 'bench' || g || '@bench.invalid', 'benchmark-account-without-password',
          (${textArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}] || ' ' ||
            (${textArray(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
          18 + (g * 13) % 30, c.estado_id, c.id, (${categoryIds})[1 + g % ${cats.length}],
          (${textArray(DESCRIPTIONS)})[1 + (g / 7) % ${DESCRIPTIONS.length}],
          (${textArray(SERVICES)})[1 + g % ${SERVICES.length}],
          '{"tags":["1h R$ ' || (100 + (g % 10) * 50) || '","2h R$ ' || (180 + (g % 10) * 90) || '"],"obs":"Somente com hora marcada"}',
          '119' || lpad((g % 100000000)::text, 8, '0'), null,
          g % 20 <> 0, true, g % 25 = 0, (g * 7919) % 3000, ((g * 7919) % 3000) / 20,
          (now() at time zone 'America/Sao_Paulo')::date + (g % 60) - 5, now(), now(),
          (${textArray(firstNorm)})[1 + g % ${FIRST_NAMES.length}] || ' ' ||
            (${textArray(lastNorm)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] || ' ' ||
            (${textArray(cats.map((c) => normalizeText(c.name)))})[1 + g % ${cats.length}] || ' ' || c.search_name || ' ' || c.uf || ' ' ||
            (${textArray(descNorm)})[1 + (g / 7) % ${DESCRIPTIONS.length}],
          now() - make_interval(secs => ${n(opts.models)} - g),
          (array['{hotel,motel}', '{local_proprio,hotel}', '{domicilio,eventos}', '{viagens,hotel}'])[1 + g % 4]::text[],
          (array['Centro','Jardins','Zona Sul','Vila Nova'])[1 + (g / 3) % 4],
          (array['centro','jardins','zona sul','vila nova'])[1 + (g / 3) % 4],
          case when g % 40 = 0 then now() + interval '4 hours' end
        from generate_series(1, ${n(opts.models)}) g
        join bench_cities c
          on c.idx = least(${n(opts.cities - 1)}, floor(${n(opts.cities)} * power(((g::bigint * 7919) % 100003) / 100003.0, 2)))::int
`),
    );
    // One primary photo per model; one in ten is private (the card must then show no photo).
    await tx.execute(sql`
      insert into photos (model_id, filename, original_name, width, height, is_primary, is_public)
      select id, 'bench' || md5(id::text), 'bench.jpg', 1200, 1600, true, id % 10 <> 0
      from models where username like 'bench%'`);
    await tx.execute(sql`drop table bench_cities`);
  });
  return "seeded";
}

/** Index-only scans need the visibility map, and the planner needs statistics: run after seeding. */
export async function vacuumAnalyze(database: Database): Promise<void> {
  await database.db.execute(sql`vacuum analyze models`);
  await database.db.execute(sql`vacuum analyze photos`);
  await database.db.execute(sql`vacuum analyze municipios`);
}

/** postgres-js returns the rows as the result; PGlite wraps them in { rows }. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
