import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { LISTING_ORDERS, type ListingFilters, RECEIVES_AT } from "@vitrine/contracts";
import { createRandom } from "../../demo/random";
import { type IndexEntry, queryIndex, segmentOf } from "./filter-index";

const NOW = Date.parse("2026-12-07T20:00:00Z");

/** A city's worth of public models with every field drawn at random (ties included: few prices, few views). */
function entries(count: number, seed: number): IndexEntry[] {
  const random = createRandom(seed);
  const list: IndexEntry[] = [];
  for (let id = count; id >= 1; id--) {
    list.push({
      id,
      cityId: 1,
      tourCities: [],
      categoryId: random.int(1, 3),
      age: random.int(18, 45),
      priceFrom: random.int(1, 5) === 1 ? null : random.int(1, 6) * 5000,
      receivesAt: random.int(0, 63),
      services: random.int(1, 2) === 1 ? ["massagem", "jantar"] : ["massagem"],
      neighborhood: random.pick(["centro", "jardins", "zona sul", ""]),
      isFeatured: random.int(1, 8) === 1,
      isVerified: true,
      hasPhoto: random.int(1, 10) > 1,
      availableUntil: random.int(1, 6) === 1 ? NOW + 3_600_000 : random.int(1, 2) === 1 ? NOW - 1000 : 0,
      viewsCount: random.int(0, 20),
    });
  }
  return list;
}

/** The rules written out the slow, obvious way: every match, sorted whole. */
function bruteForce(all: IndexEntry[], f: Partial<ListingFilters> & Pick<ListingFilters, "ordem">) {
  const available = (e: IndexEntry) => e.availableUntil > NOW;
  const matches = all.filter(
    (e) =>
      (f.categoria === undefined || e.categoryId === f.categoria) &&
      (f.idade_min === undefined || (e.age ?? 0) >= f.idade_min) &&
      (f.idade_max === undefined || (e.age ?? 999) <= f.idade_max) &&
      (f.preco_max === undefined || (e.priceFrom !== null && e.priceFrom <= f.preco_max * 100)) &&
      (!f.servico || f.servico.every((s) => e.services.includes(s))) &&
      (!f.bairro || e.neighborhood.includes(f.bairro)) &&
      (!f.com_fotos || e.hasPhoto) &&
      (!f.disponivel || available(e)) &&
      (!f.atende?.length || f.atende.some((p) => e.receivesAt & (1 << RECEIVES_AT.indexOf(p)))),
  );
  const key: Record<ListingFilters["ordem"], (e: IndexEntry) => number[]> = {
    relevancia: (e) => [-Number(e.isFeatured), -Number(available(e)), -e.id],
    menor_preco: (e) => [e.priceFrom ?? Infinity, -e.id],
    maior_preco: (e) => [-(e.priceFrom ?? -Infinity), -e.id],
    recentes: (e) => [-e.id],
    mais_vistas: (e) => [-e.viewsCount, -e.id],
  };
  const k = key[f.ordem];
  return matches.sort((a, b) => {
    const [x, y] = [k(a), k(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
    return 0;
  });
}

describe("the filter index's pass (queryIndex)", () => {
  test("every order and filter, first and deep pages, equals the whole list filtered and sorted", () => {
    const all = entries(900, 7);
    const random = createRandom(11);
    for (let round = 0; round < 300; round++) {
      const filters: Partial<ListingFilters> & Pick<ListingFilters, "ordem"> = { ordem: random.pick(LISTING_ORDERS) };
      if (random.int(1, 3) === 1) filters.categoria = random.int(1, 3);
      if (random.int(1, 3) === 1) filters.idade_min = random.int(18, 30);
      if (random.int(1, 4) === 1) filters.idade_max = random.int(25, 45);
      if (random.int(1, 3) === 1) filters.preco_max = random.int(1, 6) * 50;
      if (random.int(1, 4) === 1) filters.servico = ["jantar"];
      if (random.int(1, 4) === 1) filters.bairro = "jard";
      if (random.int(1, 4) === 1) filters.com_fotos = true;
      if (random.int(1, 4) === 1) filters.disponivel = true;
      if (random.int(1, 3) === 1) filters.atende = [random.pick(RECEIVES_AT), random.pick(RECEIVES_AT)];
      const limit = random.pick([12, 20, 50]);
      const pageNo = random.pick([1, 1, 2, 3, 9, 30]);
      const offset = (pageNo - 1) * limit;
      const expected = bruteForce(all, filters);
      const got = queryIndex(segmentOf(all), filters, { offset, limit }, null, { now: NOW });
      const context = JSON.stringify({ filters, limit, pageNo });
      assert.equal(got.total, expected.length, context);
      assert.deepEqual(
        got.ids,
        expected.slice(offset, offset + limit).map((e) => e.id),
        context,
      );
    }
  });

  test("a search keeps only its ids; facets count each place within the other filters, each flag within all", () => {
    const all = entries(300, 3);
    const only = new Set(all.filter((e) => e.id % 3 === 0).map((e) => e.id));
    const filters = { ordem: "relevancia" as const, atende: ["hotel" as const], idade_max: 35 };
    const got = queryIndex(segmentOf(all), filters, { offset: 0, limit: 20 }, only, { now: NOW });
    const others = all.filter((e) => only.has(e.id) && (e.age ?? 0) <= 35);
    const hotel = 1 << RECEIVES_AT.indexOf("hotel");
    const chosen = others.filter((e) => e.receivesAt & hotel);
    assert.equal(got.total, chosen.length);
    RECEIVES_AT.forEach((place, i) =>
      assert.equal(got.facets.atende[place], others.filter((e) => e.receivesAt & (1 << i)).length, place),
    );
    assert.equal(got.facets.com_fotos, chosen.filter((e) => e.hasPhoto).length);
    assert.equal(got.facets.disponivel, chosen.filter((e) => e.availableUntil > NOW).length);
    assert.ok(got.ids.every((id) => only.has(id)));
  });
});
