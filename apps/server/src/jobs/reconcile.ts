import { reconcilePending } from "../modules/payments/service";
import type { Job } from "./scheduler";

export const RECONCILE_JOB = "reconcile";

/**
 * Mercado Pago's test payments send no webhooks and real ones can be lost: every 5 minutes the pending payments
 * and orders with a provider id are read again at Mercado Pago and settled through the webhook's own code; a run
 * in which Mercado Pago fails is a failed run (counted, and shown on the admin dashboard after three in a row).
 * The run holds the job's lock on its own reserved connection and no transaction while it calls the provider.
 */
export const reconcileJob: Job = {
  name: RECONCILE_JOB,
  label: "Conciliação com o Mercado Pago",
  description: "Consulta no Mercado Pago os pagamentos pendentes e confirma os aprovados cujo aviso não chegou.",
  intervalMs: 5 * 60_000,
  async run({ app, now }) {
    const { error, ...result } = await reconcilePending({ app, now });
    // Mercado Pago failing is a failed run: the dashboard warns when it keeps failing.
    if (error) throw error;
    app.log.debug({ job: RECONCILE_JOB, result }, "conciliação concluída");
  },
};
