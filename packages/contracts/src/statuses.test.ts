import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  ACCOUNT_PAYMENT_STATUSES,
  accountPaymentStatusLabel,
  ORDER_STATUSES,
  orderStatusLabel,
  OrderStatusSchema,
  PAYMENT_STATUSES,
  paymentStatusLabel,
} from "./index";

describe("status labels", () => {
  test("every known status has a Portuguese label", () => {
    assert.deepEqual(ORDER_STATUSES.map(orderStatusLabel), ["Pendente", "Pago", "Falhou", "Cancelado", "Reembolsado"]);
    assert.deepEqual(PAYMENT_STATUSES.map(paymentStatusLabel), [
      "Pendente",
      "Pago",
      "Falhou",
      "Cancelado",
      "Reembolsado",
    ]);
    assert.deepEqual(ACCOUNT_PAYMENT_STATUSES.map(accountPaymentStatusLabel), [
      "Pagamento em Dia",
      "Pagamento Vencido",
      "Pagamento Pendente",
    ]);
  });

  test("an unknown value is shown as it came, even one named like an object property", () => {
    assert.equal(orderStatusLabel("in_process"), "in_process");
    assert.equal(orderStatusLabel("toString"), "toString");
    assert.equal(paymentStatusLabel("constructor"), "constructor");
  });

  test("the enum refuses values outside the list", () => {
    assert.equal(OrderStatusSchema.safeParse("paid").success, true);
    assert.equal(OrderStatusSchema.safeParse("approved").success, false);
  });
});
