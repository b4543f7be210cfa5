/**
 * What the rest of the server uses of identity verification: the scheduled job deletes the review files that are
 * due and keeps verified ages in step with birthdays.
 */
export { deleteDueVerificationFiles, refreshVerifiedAges } from "./upkeep";
export { VERIFICATION_JOB_INTERVAL_MS } from "./retention";
