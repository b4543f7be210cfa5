import { useEffect, useRef } from "react";
import { useSearchParams } from "@/lib/router";
import { toast } from "@/lib/toast";
import { getOwnPayment } from "../api/get-own-payment";

const PAYMENT_RECEIVED_NOTICE = "Pagamento recebido, aguardando confirmação";
const PAYMENT_CONFIRMED_NOTICE = "Pagamento confirmado! Seu plano foi renovado.";
const PAYMENT_NOT_COMPLETED_NOTICE = "O pagamento não foi concluído. Tente novamente.";
/** What Mercado Pago appends to a return address (and our own `payment`): dropped once read. */
const RETURN_PARAMS = [
  "payment",
  "payment_id",
  "status",
  "collection_id",
  "collection_status",
  "external_reference",
  "preference_id",
  "merchant_order_id",
  "payment_type",
  "site_id",
  "processing_mode",
  "merchant_account_id",
];

/** Our renewal payment named by the checkout's external_reference ("model_payment:12"), else null. */
function renewalPaymentId(externalReference: string | null): number | null {
  const match = /^model_payment:(\d{1,10})$/.exec(externalReference ?? "");
  return match ? Number(match[1]) : null;
}

/**
 * Back from Mercado Pago's checkout of a plan renewal the address carries ?payment=success|pending|failure and the
 * payment's external_reference: a notice says once what is true — the renewal already applied ("Pagamento
 * confirmado") or still waiting for the provider's confirmation — and the parameters are dropped. The events
 * stream then refreshes the page when a waiting payment is applied.
 */
export function useReturnFromCheckout() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get("payment");
  const paymentId = renewalPaymentId(params.get("external_reference"));
  const handled = useRef(false);
  useEffect(() => {
    if (!outcome || handled.current) return;
    handled.current = true;
    if (outcome === "success" || outcome === "pending" || outcome === "approved") {
      const settled = paymentId === null ? Promise.resolve(null) : getOwnPayment(paymentId).catch(() => null);
      void settled.then((answer) =>
        answer?.payment.status === "paid"
          ? toast.success(PAYMENT_CONFIRMED_NOTICE)
          : toast.success(PAYMENT_RECEIVED_NOTICE),
      );
    } else if (outcome === "failure") toast.error(PAYMENT_NOT_COMPLETED_NOTICE);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of RETURN_PARAMS) next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [outcome, paymentId, setParams]);
}
