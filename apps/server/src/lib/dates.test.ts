// Needs no database: runs once, in the PostgreSQL half of the server tests (scripts/test.sh).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { addDays, ageOn, formatDateBr, periodDays, todayInSaoPaulo } from "./dates";

describe("todayInSaoPaulo", () => {
  test("02:30 UTC is still the previous day in São Paulo (UTC−3)", () => {
    assert.equal(todayInSaoPaulo(new Date("2026-11-23T02:30:00Z")), "2026-11-22");
  });

  test("the day changes at midnight in São Paulo, 03:00 UTC", () => {
    assert.equal(todayInSaoPaulo(new Date("2026-11-23T02:59:59.999Z")), "2026-11-22");
    assert.equal(todayInSaoPaulo(new Date("2026-11-23T03:00:00Z")), "2026-11-23");
  });

  test("late evening in São Paulo on 31 December is still the old year", () => {
    assert.equal(todayInSaoPaulo(new Date("2027-01-01T01:00:00Z")), "2026-12-31");
    assert.equal(todayInSaoPaulo(new Date("2027-01-01T03:00:00Z")), "2027-01-01");
  });

  test("follows the time-zone database, not a fixed offset (summer time of 2018/19 was UTC−2)", () => {
    // 02:30 UTC on 15 January 2019 was 00:30 in São Paulo; a fixed −3 h offset would say the 14th.
    assert.equal(todayInSaoPaulo(new Date("2019-01-15T02:30:00Z")), "2019-01-15");
  });

  test("without an argument it answers the current São Paulo date as YYYY-MM-DD", () => {
    const before = todayInSaoPaulo(new Date());
    const today = todayInSaoPaulo();
    const after = todayInSaoPaulo(new Date());
    assert.match(today, /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(today === before || today === after);
  });
});

describe("addDays", () => {
  test("crosses the end of a 31-day and a 30-day month", () => {
    assert.equal(addDays("2026-01-31", 1), "2026-02-01");
    assert.equal(addDays("2026-04-30", 1), "2026-05-01");
    assert.equal(addDays("2026-01-31", 30), "2026-03-02");
  });

  test("lands on 29 February in a leap year and skips it otherwise", () => {
    assert.equal(addDays("2028-02-28", 1), "2028-02-29");
    assert.equal(addDays("2028-02-29", 1), "2028-03-01");
    assert.equal(addDays("2027-02-28", 1), "2027-03-01");
    // 2100 is divisible by 100 but not by 400: not a leap year.
    assert.equal(addDays("2100-02-28", 1), "2100-03-01");
  });

  test("a yearly period from 29 February ends on 28 February of the next year", () => {
    assert.equal(addDays("2028-02-29", 365), "2029-02-28");
  });

  test("crosses the end of the year", () => {
    assert.equal(addDays("2026-12-31", 1), "2027-01-01");
    assert.equal(addDays("2026-12-25", 7), "2027-01-01");
    assert.equal(addDays("2026-11-22", 365), "2027-11-22");
  });

  test("takes days back with a negative count", () => {
    assert.equal(addDays("2027-01-01", -1), "2026-12-31");
    assert.equal(addDays("2028-03-01", -1), "2028-02-29");
    assert.equal(addDays("2026-12-22", -30), "2026-11-22");
  });

  test("zero days is the same date", () => {
    assert.equal(addDays("2026-11-22", 0), "2026-11-22");
  });
});

describe("periodDays", () => {
  test("weekly 7, monthly 30, yearly 365", () => {
    assert.equal(periodDays("weekly"), 7);
    assert.equal(periodDays("monthly"), 30);
    assert.equal(periodDays("yearly"), 365);
  });

  test("an unknown or missing period counts as monthly", () => {
    assert.equal(periodDays("daily"), 30);
    assert.equal(periodDays(""), 30);
    assert.equal(periodDays(null), 30);
    assert.equal(periodDays(undefined), 30);
  });

  test("names inherited by every object are unknown periods too", () => {
    assert.equal(periodDays("toString"), 30);
    assert.equal(periodDays("constructor"), 30);
    assert.equal(periodDays("__proto__"), 30);
  });
});

describe("formatDateBr", () => {
  test("writes a date as dd/mm/aaaa, keeping the leading zeros", () => {
    assert.equal(formatDateBr("2026-11-12"), "12/11/2026");
    assert.equal(formatDateBr("2027-03-05"), "05/03/2027");
  });
});

describe("ageOn", () => {
  test("one more year on the birthday itself, not the day before", () => {
    assert.equal(ageOn("2008-11-25", "2026-11-24"), 17);
    assert.equal(ageOn("2008-11-25", "2026-11-25"), 18);
    assert.equal(ageOn("2008-11-25", "2026-12-31"), 18);
  });

  test("born on 29 February: 18 on 1 March of a common year", () => {
    assert.equal(ageOn("2008-02-29", "2026-02-28"), 17);
    assert.equal(ageOn("2008-02-29", "2026-03-01"), 18);
    assert.equal(ageOn("2008-02-29", "2028-02-29"), 20);
  });
});
