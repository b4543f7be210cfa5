/**
 * What the rest of the server uses of the payments module: the reconciliation for the jobs, and settling a
 * provider payment (the return page's hint goes through the same code as a webhook).
 */
export { type ReconcileCounts, reconcilePending, reconcileRecord } from "./reconcile";
export { type SettleOutcome, settleProviderPayment } from "./settle";
