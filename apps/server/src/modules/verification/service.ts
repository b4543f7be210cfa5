/**
 * What the rest of the server uses of identity verification: the scheduled job deletes the review files that are
 * due and keeps verified ages in step with birthdays; a moderation ban blocks her verified identities (and an
 * appeal that reverses it lifts the block); the cleanup job forgets flows abandoned at the verifier.
 */
export { deleteDueVerificationFiles, refreshVerifiedAges } from "./upkeep";
export { VERIFICATION_JOB_INTERVAL_MS } from "./retention";
export { banModelIdentities, liftModelIdentityBan } from "./identity-hash";
export { forgetAbandonedVerifierFlows } from "./state";
