// Needs no database: runs once, in the PostgreSQL half of the server tests (scripts/test.sh).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { MpPayment } from "../../lib/mercadopago";
import { decide, decisionChanges, mapProviderStatus, statusRank, takenElsewhere } from "./settle-rules";

const snapshot = (over: Partial<MpPayment> = {}): MpPayment => ({
  id: "1001",
  status: "approved",
  transaction_amount: 59.9,
  currency_id: "BRL",
  external_reference: "model_payment:1",
  ...over,
});
const record = (over: { status?: string; paymentId?: string | null; amountCents?: number; flag?: string | null }) => ({
  status: "pending",
  paymentId: null,
  amountCents: 5990,
  flag: null,
  ...over,
});

describe("Mercado Pago status → our status", () => {
  test("the mapping", () => {
    const cases: Array<[string, string | null, string | undefined]> = [
      ["approved", "paid", undefined],
      ["pending", "pending", undefined],
      ["in_process", "pending", undefined],
      ["authorized", "pending", undefined],
      ["in_mediation", "pending", undefined],
      ["rejected", "failed", undefined],
      ["cancelled", "failed", undefined],
      ["refunded", "refunded", "refunded"],
      ["charged_back", "refunded", "charged_back"],
      ["something_new", null, undefined],
    ];
    for (const [provider, status, flag] of cases) {
      const target = mapProviderStatus(provider);
      assert.equal(target?.status ?? null, status, provider);
      assert.equal(target?.flag, flag, provider);
    }
  });

  test("ranks: pending < failed = cancelled < paid < refunded", () => {
    assert.deepEqual(["pending", "failed", "cancelled", "paid", "refunded"].map(statusRank), [0, 1, 1, 2, 3]);
  });
});

describe("decide", () => {
  test("approved with the right amount pays a pending record and adopts the payment id", () => {
    assert.deepEqual(decide(record({}), snapshot()), {
      moveTo: "paid",
      flag: null,
      adopt: true,
      recordStatus: true,
    });
  });

  test("an older status never overwrites a newer one", () => {
    const d = decide(record({ status: "paid", paymentId: "1001" }), snapshot({ status: "pending" }));
    assert.equal(d.moveTo, null);
    assert.equal(d.recordStatus, false);
    assert.equal(d.note, "stale");
  });

  test("failed or cancelled may still become paid", () => {
    for (const status of ["failed", "cancelled"]) {
      assert.equal(decide(record({ status, paymentId: "1001" }), snapshot()).moveTo, "paid");
    }
  });

  test("amounts are compared in cents; a different currency is a mismatch too", () => {
    assert.equal(decide(record({}), snapshot({ transaction_amount: 59.900000001 })).moveTo, "paid");
    assert.equal(decide(record({}), snapshot({ transaction_amount: 59.89 })).flag, "amount_mismatch");
    assert.equal(decide(record({}), snapshot({ currency_id: "ARS" })).flag, "amount_mismatch");
    assert.equal(decide(record({}), snapshot({ currency_id: null })).flag, "amount_mismatch");
    assert.equal(decide(record({}), snapshot({ currency_id: "ARS" })).moveTo, null);
  });

  test("another approved payment for a paid record is a duplicate; raised once", () => {
    const paid = record({ status: "paid", paymentId: "1000" });
    assert.deepEqual(decide(paid, snapshot()), {
      moveTo: null,
      flag: "duplicate",
      adopt: false,
      recordStatus: false,
      note: "duplicate",
    });
    assert.equal(decide({ ...paid, flag: "duplicate" }, snapshot()).flag, null);
  });

  test("another payment that is not approved does not touch the record; a refund of it takes nothing back", () => {
    const paid = record({ status: "paid", paymentId: "1000" });
    for (const status of ["rejected", "pending", "refunded", "charged_back"]) {
      const d = decide(paid, snapshot({ status }));
      assert.equal(d.moveTo, null, status);
      assert.equal(d.recordStatus, false, status);
    }
  });

  test("a refund of the record's own payment refunds it, flagged", () => {
    const d = decide(record({ status: "paid", paymentId: "1001" }), snapshot({ status: "charged_back" }));
    assert.deepEqual(d, { moveTo: "refunded", flag: "charged_back", adopt: false, recordStatus: true });
  });

  test("an unknown provider status is recorded but moves nothing", () => {
    const d = decide(record({ paymentId: "1001" }), snapshot({ status: "expired_soon" }));
    assert.equal(d.moveTo, null);
    assert.equal(d.recordStatus, true);
  });
});

describe("a payment another record holds; whether a decision changes the record", () => {
  test("taken elsewhere: flagged duplicate once, nothing adopted or moved", () => {
    assert.deepEqual(takenElsewhere(record({})), {
      moveTo: null,
      flag: "duplicate",
      adopt: false,
      recordStatus: false,
      note: "duplicate",
    });
    assert.equal(takenElsewhere(record({ flag: "duplicate" })).flag, null);
  });

  test("a decision changes the record when it moves it, flags it or adopts a payment", () => {
    assert.equal(decisionChanges(decide(record({}), snapshot())), true);
    assert.equal(decisionChanges(decide(record({ status: "paid", paymentId: "1001" }), snapshot())), false);
    assert.equal(decisionChanges(decide(record({}), snapshot({ transaction_amount: 1 }))), true);
    assert.equal(decisionChanges(decide(record({ paymentId: "1001" }), snapshot({ status: "pending" }))), false);
  });
});
