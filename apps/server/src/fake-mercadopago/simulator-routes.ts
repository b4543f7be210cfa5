import type { IncomingMessage, ServerResponse } from "node:http";
import { redirect, sendHtml, withQuery } from "./http";
import type { FakeLedger } from "./ledger";
import { renderPaymentPage, renderPreferencePage, renderResultPage } from "./simulator-page";

/**
 * The "Simulador Mercado Pago" a person clicks through: a Checkout Pro preference's page and a Pix payment's page,
 * whose buttons approve, reject or refund; each change sends its signed webhook, then goes back to the site's
 * back URL as Mercado Pago would. Answers false for any other path (the API's).
 */
export function createSimulatorHandler(ledger: FakeLedger) {
  async function handleSimulator(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const method = req.method ?? "GET";
    if (method === "GET" && url.pathname === "/checkout/v1/redirect") {
      const pref = ledger.preferences.get(url.searchParams.get("pref_id") ?? "");
      if (!pref) sendHtml(res, 404, renderResultPage("Checkout não encontrado", "Este link de pagamento não existe."));
      else sendHtml(res, 200, renderPreferencePage(pref, ledger.preferenceTotal(pref), ledger.paymentsOf(pref.id)));
      return true;
    }
    const prefAction = /^\/simulator\/preferences\/([^/]+)\/(approve|reject|refund)$/.exec(url.pathname);
    if (method === "POST" && prefAction) {
      const pref = ledger.preferences.get(decodeURIComponent(prefAction[1]));
      if (!pref) {
        sendHtml(res, 404, renderResultPage("Checkout não encontrado", "Este link de pagamento não existe."));
        return true;
      }
      const action = prefAction[2];
      if (action === "refund") {
        const paid = ledger.paymentsOf(pref.id).find((p) => p.status === "approved");
        if (!paid) {
          sendHtml(res, 409, renderResultPage("Nada a estornar", "Nenhum pagamento aprovado neste checkout."));
          return true;
        }
        ledger.refund(paid.id);
        await ledger.notifyQuietly(paid.id);
        sendHtml(res, 200, renderResultPage("Pagamento estornado", `O pagamento ${paid.id} foi estornado.`));
        return true;
      }
      const payment = ledger.payPreference(pref.id, action === "approve" ? "approved" : "rejected");
      await ledger.notifyQuietly(payment.id);
      const back = pref.body.back_urls ?? {};
      const target = payment.status === "approved" ? back.success : back.failure;
      if (!target) {
        sendHtml(res, 200, renderResultPage("Pagamento concluído", `Pagamento ${payment.id}: ${payment.status}.`));
        return true;
      }
      redirect(
        res,
        withQuery(target, {
          collection_id: String(payment.id),
          collection_status: payment.status,
          payment_id: String(payment.id),
          status: payment.status,
          external_reference: payment.external_reference ?? "",
          payment_type: payment.payment_type_id,
          preference_id: pref.id,
          site_id: "MLB",
          processing_mode: "aggregator",
        }),
      );
      return true;
    }
    const payPage = /^\/simulator\/payments\/(\d+)$/.exec(url.pathname);
    if (method === "GET" && payPage) {
      const payment = ledger.payments.get(Number(payPage[1]));
      if (!payment) sendHtml(res, 404, renderResultPage("Pagamento não encontrado", "Este pagamento não existe."));
      else sendHtml(res, 200, renderPaymentPage(payment));
      return true;
    }
    const payAction = /^\/simulator\/payments\/(\d+)\/(approve|reject|refund)$/.exec(url.pathname);
    if (method === "POST" && payAction) {
      const payment = ledger.payments.get(Number(payAction[1]));
      if (!payment) {
        sendHtml(res, 404, renderResultPage("Pagamento não encontrado", "Este pagamento não existe."));
        return true;
      }
      const status = { approve: "approved", reject: "rejected", refund: "refunded" }[payAction[2]]!;
      ledger.setStatus(payment.id, status);
      await ledger.notifyQuietly(payment.id);
      sendHtml(res, 200, renderPaymentPage(payment));
      return true;
    }
    return false;
  }

  return handleSimulator;
}
