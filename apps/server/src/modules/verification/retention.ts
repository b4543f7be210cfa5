import { VERIFICATION_APPEAL_KEEP_DAYS, VERIFICATION_FILES_KEEP_HOURS } from "@vitrine/contracts";

/** How often the verification job runs (files due are deleted, verified ages follow birthdays). */
export const VERIFICATION_JOB_INTERVAL_MS = 10 * 60_000;
/** A margin above the job's interval, so that files due are gone before the promised time. */
const MARGIN_MS = 60 * 60_000;

/** Files are deleted within 24 hours of the decision. */
export const FILES_KEEP_MS = VERIFICATION_FILES_KEEP_HOURS * 3_600_000 - MARGIN_MS;
/** Within 30 days of the decision when she appeals against it, or when it found her under 18. */
export const APPEAL_KEEP_MS = VERIFICATION_APPEAL_KEEP_DAYS * 86_400_000 - MARGIN_MS;
