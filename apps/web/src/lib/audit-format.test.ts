import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { auditFieldLabel, auditLines, formatAuditValue } from "./audit-format";

describe("audit changes in words", () => {
  test("field names in Portuguese", () => {
    assert.equal(auditFieldLabel("plan_id"), "Plano");
    assert.equal(auditFieldLabel("amount_cents"), "Valor");
    assert.equal(auditFieldLabel("next_due_date"), "Próximo vencimento");
    assert.equal(auditFieldLabel("something_new"), "something new");
    // The moderation's and the identity review's fields too.
    assert.equal(auditFieldLabel("reason"), "Motivo");
    assert.equal(auditFieldLabel("birth_date"), "Data de nascimento");
    assert.equal(auditFieldLabel("decision"), "Decisão");
    assert.equal(auditFieldLabel("verification_id"), "Verificação");
  });

  test("null, booleans, ids", () => {
    assert.equal(formatAuditValue("plan_id", null), "—");
    assert.equal(formatAuditValue("plan_id", 7), "#7");
    assert.equal(formatAuditValue("is_active", { from: false, to: true }), "não → sim");
  });

  test("money: cents and reais as R$", () => {
    assert.equal(formatAuditValue("amount_cents", 4990).replace(/\s/g, " "), "R$ 49,90");
    assert.equal(formatAuditValue("amount", 29.9).replace(/\s/g, " "), "R$ 29,90");
    assert.equal(formatAuditValue("priceCents", { from: 2990, to: 3990 }).replace(/\s/g, " "), "R$ 29,90 → R$ 39,90");
  });

  test("dates as dd/mm/aaaa; times in São Paulo (UTC−3)", () => {
    assert.equal(formatAuditValue("due_date", "2026-12-25"), "25/12/2026");
    assert.equal(formatAuditValue("expires_at", "2026-11-25T14:05:00.000Z"), "25/11/2026, 11:05");
    assert.equal(formatAuditValue("next_due_date", { from: null, to: "2027-01-10" }), "— → 10/01/2027");
  });

  test("moderation decisions, appeal outcomes, documents and birth dates in words", () => {
    assert.equal(formatAuditValue("decision", "hide_profile"), "Ocultar o perfil");
    assert.equal(formatAuditValue("document_type", "cnh"), "CNH");
    assert.equal(formatAuditValue("birth_date", "1995-03-09"), "09/03/1995");
    assert.equal(formatAuditValue("photo_id", 12), "#12");
  });

  test("methods, statuses, periods, key types by their labels", () => {
    assert.equal(formatAuditValue("method", "mercadopago_pix"), "Pix (Mercado Pago)");
    assert.equal(formatAuditValue("method", "cash"), "Dinheiro");
    assert.equal(formatAuditValue("status", { from: "pending", to: "paid" }), "Pendente → Pago");
    assert.equal(formatAuditValue("periodType", { from: "weekly", to: "monthly" }), "Semanal → Mensal");
    assert.equal(formatAuditValue("paymentMethods", ["pix", "cartao"]), "PIX, Cartão");
    assert.equal(formatAuditValue("key_type", "cpf"), "CPF");
  });

  test("an entry's lines", () => {
    assert.deepEqual(auditLines("payment.pix", { txid: "ABC", plan_id: null, amount_cents: 9990, model_id: 3 }), [
      ["Modelo", "#3"],
      ["Plano", "—"],
      ["Valor", "R$\u00a099,90"],
      ["Identificador (txid)", "ABC"],
    ]);
    assert.deepEqual(auditLines("order.status", { from: "pending", to: "paid" }), [["Situação", "Pendente → Pago"]]);
    assert.deepEqual(auditLines("admin.account", { password_changed: true }), [["Senha alterada", "sim"]]);
    const settingLabel = (key: string) => ({ pix_cpf: "CPF" })[key];
    assert.deepEqual(auditLines("setting.update", { to: "52998224725", key: "pix_cpf", from: "" }, { settingLabel }), [
      ["Configuração", "CPF"],
      ["De", "(vazio)"],
      ["Para", "52998224725"],
    ]);
  });
});
