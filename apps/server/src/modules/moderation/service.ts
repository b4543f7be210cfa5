/**
 * What the rest of the server uses of moderation (reports, the admin's decisions, appeals, legal hold): another
 * feature flags an item to the queue with openModerationCase (e.g. the same photo on two accounts); registration asks
 * whether an e-mail is banned; the evidence job expires the legal hold; the settings
 * screen checks the auto-hide threshold; trusted notifiers (modules/trusted-notifiers) send their reports through
 * submitTrustedReport.
 */
export { openModerationCase, PRIORITY, type CaseKind, type OpenCaseInput } from "./case-store";
export { assertEmailNotBanned } from "./bans";
export { expireEvidence, LEGAL_HOLD_DAYS, readLargestVariant } from "./evidence";
export { AUTO_HIDE_REPORTERS_MAX, AUTO_HIDE_REPORTERS_MIN, AUTO_HIDE_SETTING } from "./settings";
export { resolveNoticeUrl } from "./notices";
export { submitTrustedReport, type TrustedReporter } from "./reports";
