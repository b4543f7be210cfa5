// Needs no database: runs once, in the PostgreSQL half of the server tests (scripts/test.sh).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { proposeDueDate } from "@vitrine/contracts";
import { todayInSaoPaulo } from "./dates";

/** The proposal the new-payment form shows, counted from São Paulo's today (the server sends it as `today`). */
describe("proposeDueDate from São Paulo's today", () => {
  test("at 02:30 UTC on 23 November it is still the 22nd in São Paulo: a month runs from the 22nd", () => {
    const today = todayInSaoPaulo(new Date("2026-11-23T02:30:00Z"));
    assert.equal(today, "2026-11-22");
    assert.equal(proposeDueDate({ today, nextDueDate: null, periodType: "monthly" }), "2026-12-22");
    assert.equal(proposeDueDate({ today, nextDueDate: "2026-11-22", periodType: "weekly" }), "2026-11-29");
    // A plan due on the 23rd is still running on the 22nd: the week is added to it.
    assert.equal(proposeDueDate({ today, nextDueDate: "2026-11-23", periodType: "weekly" }), "2026-11-30");
  });

  test("at 03:00 UTC the São Paulo day has turned", () => {
    const today = todayInSaoPaulo(new Date("2026-11-23T03:00:00Z"));
    assert.equal(proposeDueDate({ today, nextDueDate: "2026-11-23", periodType: "weekly" }), "2026-11-30");
    assert.equal(proposeDueDate({ today, nextDueDate: null, periodType: "yearly" }), "2027-11-23");
  });

  test("month ends and 29 February", () => {
    assert.equal(proposeDueDate({ today: "2027-01-31", nextDueDate: null, periodType: "monthly" }), "2027-03-02");
    assert.equal(proposeDueDate({ today: "2028-01-30", nextDueDate: null, periodType: "monthly" }), "2028-02-29");
    assert.equal(proposeDueDate({ today: "2028-02-29", nextDueDate: null, periodType: "yearly" }), "2029-02-28");
  });
});
