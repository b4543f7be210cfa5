import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { addDaysToDate, daysBetweenDates, planPeriodDays, proposeDueDate } from "./due-dates";

describe("addDaysToDate", () => {
  test("crosses month ends, year ends and 29 February", () => {
    assert.equal(addDaysToDate("2026-01-31", 30), "2026-03-02");
    assert.equal(addDaysToDate("2026-04-30", 1), "2026-05-01");
    assert.equal(addDaysToDate("2026-12-25", 7), "2027-01-01");
    assert.equal(addDaysToDate("2028-02-28", 1), "2028-02-29");
    assert.equal(addDaysToDate("2028-02-29", 365), "2029-02-28");
    assert.equal(addDaysToDate("2027-03-01", -1), "2027-02-28");
  });

  test("daysBetweenDates is its inverse", () => {
    assert.equal(daysBetweenDates("2028-02-29", "2029-02-28"), 365);
    assert.equal(daysBetweenDates("2026-03-02", "2026-01-31"), -30);
    assert.equal(daysBetweenDates("2026-05-01", "2026-05-01"), 0);
  });
});

describe("planPeriodDays", () => {
  test("weekly 7, monthly 30, yearly 365, anything else 30", () => {
    assert.equal(planPeriodDays("weekly"), 7);
    assert.equal(planPeriodDays("monthly"), 30);
    assert.equal(planPeriodDays("yearly"), 365);
    assert.equal(planPeriodDays("daily"), 30);
    assert.equal(planPeriodDays("toString"), 30);
    assert.equal(planPeriodDays(null), 30);
  });
});

describe("proposeDueDate", () => {
  test("no due date yet: the period counted from today", () => {
    assert.equal(proposeDueDate({ today: "2026-01-31", nextDueDate: null, periodType: "monthly" }), "2026-03-02");
    assert.equal(proposeDueDate({ today: "2026-01-31", nextDueDate: null, periodType: "weekly" }), "2026-02-07");
  });

  test("paying early adds to the time left", () => {
    assert.equal(
      proposeDueDate({ today: "2026-05-10", nextDueDate: "2026-05-20", periodType: "monthly" }),
      "2026-06-19",
    );
  });

  test("paying late (or on the due date) starts from today", () => {
    assert.equal(
      proposeDueDate({ today: "2026-05-10", nextDueDate: "2026-04-01", periodType: "weekly" }),
      "2026-05-17",
    );
    assert.equal(
      proposeDueDate({ today: "2026-05-10", nextDueDate: "2026-05-10", periodType: "weekly" }),
      "2026-05-17",
    );
  });

  test("a yearly plan from 29 February 2028 ends on 28 February 2029", () => {
    assert.equal(proposeDueDate({ today: "2028-02-29", nextDueDate: null, periodType: "yearly" }), "2029-02-28");
  });

  test("an unknown period counts as a month", () => {
    assert.equal(proposeDueDate({ today: "2026-12-15", nextDueDate: null, periodType: "quarterly" }), "2027-01-14");
  });
});
