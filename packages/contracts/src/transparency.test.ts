import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  isTransparencyPeriodAvailable,
  parseTransparencyPeriod,
  quarterOfDay,
  transparencyPeriodChoices,
  transparencyPeriodDays,
  transparencyPeriodKey,
  transparencyPeriodLabel,
} from "./index";

describe("transparency periods", () => {
  test("a quarter is YYYY-T1..4 (any case), a year is YYYY; anything else names no period", () => {
    assert.deepEqual(parseTransparencyPeriod("2026-T4"), { year: 2026, quarter: 4 });
    assert.deepEqual(parseTransparencyPeriod(" 2026-t1 "), { year: 2026, quarter: 1 });
    assert.deepEqual(parseTransparencyPeriod("2025"), { year: 2025, quarter: null });
    for (const text of ["2026-T5", "2026-T0", "26", "2026-Q1", "2026T1", "", "2026-T1x"]) {
      assert.equal(parseTransparencyPeriod(text), null, text);
    }
    assert.equal(transparencyPeriodKey({ year: 2026, quarter: 4 }), "2026-T4");
    assert.equal(transparencyPeriodLabel({ year: 2026, quarter: 4 }), "4º trimestre de 2026");
    assert.equal(transparencyPeriodLabel({ year: 2026, quarter: null }), "Ano de 2026");
  });

  test("the São Paulo days each period covers, the last day exclusive", () => {
    assert.deepEqual(transparencyPeriodDays({ year: 2026, quarter: 1 }), { from: "2026-01-01", until: "2026-04-01" });
    assert.deepEqual(transparencyPeriodDays({ year: 2026, quarter: 3 }), { from: "2026-07-01", until: "2026-10-01" });
    assert.deepEqual(transparencyPeriodDays({ year: 2026, quarter: 4 }), { from: "2026-10-01", until: "2027-01-01" });
    assert.deepEqual(transparencyPeriodDays({ year: 2026, quarter: null }), {
      from: "2026-01-01",
      until: "2027-01-01",
    });
    assert.deepEqual(quarterOfDay("2026-03-31"), { year: 2026, quarter: 1 });
    assert.deepEqual(quarterOfDay("2026-04-01"), { year: 2026, quarter: 2 });
  });

  test("periods on offer: begun and from the first year on, newest first", () => {
    assert.equal(isTransparencyPeriodAvailable({ year: 2026, quarter: 4 }, "2026-10-01"), true);
    assert.equal(isTransparencyPeriodAvailable({ year: 2027, quarter: 1 }, "2026-12-31"), false);
    assert.equal(isTransparencyPeriodAvailable({ year: 2023, quarter: null }, "2026-12-31"), false);
    const { years, quarters } = transparencyPeriodChoices("2026-05-10", 2026);
    assert.deepEqual(
      years.map((y) => y.year),
      [2026, 2025, 2024],
    );
    assert.deepEqual(
      quarters.map((q) => q.quarter),
      [2, 1],
    );
    assert.equal(transparencyPeriodChoices("2026-05-10", 2025).quarters.length, 4);
  });
});
