/**
 * What the rest of the server uses of moderation (reports, the admin's decisions, appeals, legal hold): another
 * feature flags an item to the queue with openModerationCase (e.g. the same photo on two accounts).
 */
export { openModerationCase, PRIORITY, type CaseKind, type OpenCaseInput } from "./cases";
