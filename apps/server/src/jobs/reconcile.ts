import { reconcilePending } from "../modules/payments/service";
import type { Job } from "./scheduler";

export const RECONCILE_JOB = "reconcile";

/**
 * Mercado Pago's test payments send no webhooks and real ones can be lost: every 5 minutes the pending payments
 * and orders with a provider id are read again at Mercado Pago and settled through the webhook's own code. The
 * run holds the job's lock on its own reserved connection and no transaction while it calls the provider.
 */
export const reconcileJob: Job = {
  name: RECONCILE_JOB,
  intervalMs: 5 * 60_000,
  async run({ app, now }) {
    const result = await reconcilePending({ app, now });
    app.log.debug({ job: RECONCILE_JOB, result }, "conciliação concluída");
  },
};
