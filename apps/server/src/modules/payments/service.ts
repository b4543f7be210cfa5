/**
 * What the rest of the server uses of the payments module: the reconciliation for the jobs, settling a
 * provider payment (the return page's hint goes through the same code as a webhook), and the provider's settings
 * (the dashboard's checklist asks whether Mercado Pago is configured).
 */
export { clientFor, loadProviderSettings } from "./provider";
/** Starting a model's charge (a boost is bought like her plan, modules/boosts). */
export { type Checkout, MINUTE_MS, MODEL_LINK_MS, openCheckout } from "./checkout";
export { chargeModelCheckout, chargeModelPix, findPayer, type ModelCharge } from "./plan-checkout";
export { type ReconcileCounts, reconcilePending, reconcileRecord } from "./reconcile";
export { type SettleOutcome, settleProviderPayment } from "./settle";
