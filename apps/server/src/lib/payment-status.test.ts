// Needs no database: runs once, in the PostgreSQL half of the server tests (scripts/test.sh).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { derivePaymentStatus, NO_PAYMENT_MESSAGE } from "./payment-status";

const PAID_ONCE = new Date("2026-10-01T15:00:00Z");

describe("derivePaymentStatus", () => {
  test("a model that never paid has no_payment, told she has no plan yet and how to choose one", () => {
    assert.deepEqual(derivePaymentStatus({ nextDueDate: null, firstPaidAt: null }, "2026-11-22"), {
      payment_status: "no_payment",
      payment_message: NO_PAYMENT_MESSAGE,
    });
    assert.equal(
      NO_PAYMENT_MESSAGE,
      "Você ainda não tem um plano ativo. Escolha um plano em Pagamentos para seu perfil aparecer no site.",
    );
  });

  test("a due date without any paid payment is still no_payment", () => {
    const status = derivePaymentStatus({ nextDueDate: "2026-12-01", firstPaidAt: null }, "2026-11-22");
    assert.equal(status.payment_status, "no_payment");
  });

  test("the plan is paid up to the day before the due date, with no message", () => {
    assert.deepEqual(derivePaymentStatus({ nextDueDate: "2026-11-23", firstPaidAt: PAID_ONCE }, "2026-11-22"), {
      payment_status: "paid",
      payment_message: null,
    });
  });

  test("on the due date itself the plan is expired", () => {
    assert.deepEqual(derivePaymentStatus({ nextDueDate: "2026-11-22", firstPaidAt: PAID_ONCE }, "2026-11-22"), {
      payment_status: "expired",
      payment_message: "Plano vencido em 22/11/2026",
    });
  });

  test("after the due date the message still names the due date, as dd/mm/aaaa", () => {
    const status = derivePaymentStatus({ nextDueDate: "2026-03-05", firstPaidAt: PAID_ONCE }, "2026-11-22");
    assert.equal(status.payment_status, "expired");
    assert.equal(status.payment_message, "Plano vencido em 05/03/2026");
  });

  test("compares calendar dates across months and years, not text lengths", () => {
    const paid = derivePaymentStatus({ nextDueDate: "2027-01-01", firstPaidAt: PAID_ONCE }, "2026-12-31");
    assert.equal(paid.payment_status, "paid");
    const expired = derivePaymentStatus({ nextDueDate: "2026-12-31", firstPaidAt: PAID_ONCE }, "2027-01-01");
    assert.equal(expired.payment_status, "expired");
  });

  test("without a date given, today is the São Paulo date", () => {
    // A due date far ahead and one long past cannot flip whatever the clock says.
    assert.equal(derivePaymentStatus({ nextDueDate: "2999-01-01", firstPaidAt: PAID_ONCE }).payment_status, "paid");
    assert.equal(derivePaymentStatus({ nextDueDate: "2000-01-01", firstPaidAt: PAID_ONCE }).payment_status, "expired");
  });
});
