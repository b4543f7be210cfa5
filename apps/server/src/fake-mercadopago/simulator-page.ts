import type { FakePayment, FakePreference } from "./types";

/** The "Simulador Mercado Pago" pages of the fake provider: plain HTML, one inline style, no script. */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const brl = (reais: number) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(reais);

const STATUS_LABELS: Record<string, string> = {
  pending: "Pendente",
  approved: "Aprovado",
  rejected: "Recusado",
  refunded: "Estornado",
  cancelled: "Cancelado",
  charged_back: "Contestado",
};

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Simulador Mercado Pago</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#eef2f7;color:#1f2937}
header{background:#009ee3;color:#fff;padding:14px 20px;font-weight:700}
main{max-width:520px;margin:24px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 10px #0001}
h1{font-size:1.3rem;margin:0 0 6px}
.note{background:#fff8e1;border:1px solid #f3d27a;border-radius:8px;padding:10px;font-size:.9rem}
table{width:100%;border-collapse:collapse;margin:14px 0}td{padding:6px 0;border-bottom:1px solid #e5e7eb}
td:last-child{text-align:right}.total{font-weight:700;font-size:1.15rem}
.actions{display:flex;gap:10px;flex-wrap:wrap;margin-top:18px}form{margin:0}
button{font:inherit;border:0;border-radius:8px;padding:12px 18px;cursor:pointer;color:#fff}
.approve{background:#00a650}.reject{background:#d93025}.refund{background:#4b5563}
button:focus-visible{outline:3px solid #1f2937;outline-offset:2px}
ul{padding-left:18px}
</style></head>
<body><header>Simulador Mercado Pago</header><main>${body}</main></body></html>`;
}

function actions(base: string, canRefund: boolean, canPay: boolean): string {
  const button = (action: string, label: string, cls: string) =>
    `<form method="post" action="${escapeHtml(`${base}/${action}`)}"><button class="${cls}" type="submit">${label}</button></form>`;
  return `<div class="actions">${canPay ? button("approve", "Aprovar", "approve") + button("reject", "Recusar", "reject") : ""}${
    canRefund ? button("refund", "Estornar", "refund") : ""
  }</div>`;
}

function paymentList(payments: FakePayment[]): string {
  if (payments.length === 0) return "";
  const items = payments
    .map((p) => `<li>Pagamento ${p.id}: ${escapeHtml(STATUS_LABELS[p.status] ?? p.status)}</li>`)
    .join("");
  return `<h2 style="font-size:1rem;margin-top:20px">Pagamentos deste checkout</h2><ul>${items}</ul>`;
}

export function renderPreferencePage(pref: FakePreference, total: number, payments: FakePayment[]): string {
  const rows = pref.body.items
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.title)} × ${i.quantity}</td><td>${brl(i.unit_price * (i.quantity || 1))}</td></tr>`,
    )
    .join("");
  const paid = payments.some((p) => p.status === "approved");
  return page(
    "Checkout",
    `<h1>Checkout de teste</h1>
<p class="note">Ambiente de demonstração: nenhum dinheiro é movimentado. Aprovar, recusar ou estornar envia ao site a
notificação assinada que o Mercado Pago enviaria.</p>
<table>${rows}<tr><td class="total">Total</td><td class="total">${brl(total)}</td></tr></table>
${actions(`/simulator/preferences/${encodeURIComponent(pref.id)}`, paid, !paid)}
${paymentList(payments)}`,
  );
}

export function renderPaymentPage(payment: FakePayment): string {
  const open = payment.status === "pending";
  return page(
    `Pagamento ${payment.id}`,
    `<h1>Pix de teste</h1>
<p class="note">Ambiente de demonstração: este é o pagamento Pix ${payment.id}. Aprovar simula o pagamento pelo
aplicativo do banco e envia ao site a notificação assinada.</p>
<table><tr><td>${escapeHtml(payment.description || "Pagamento")}</td><td>${brl(payment.transaction_amount)}</td></tr>
<tr><td>Situação</td><td><strong>${escapeHtml(STATUS_LABELS[payment.status] ?? payment.status)}</strong></td></tr></table>
${actions(`/simulator/payments/${payment.id}`, payment.status === "approved", open)}`,
  );
}

export function renderResultPage(title: string, text: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`);
}
