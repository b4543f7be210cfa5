/**
 * What the rest of the server uses of the payments module: the reconciliation for the jobs, settling a
 * provider payment (the return page's hint goes through the same code as a webhook), and the provider's settings
 * (the dashboard's checklist asks whether Mercado Pago is configured).
 */
export { loadProviderSettings } from "./provider";
export { type ReconcileCounts, reconcilePending, reconcileRecord } from "./reconcile";
export { type SettleOutcome, settleProviderPayment } from "./settle";
