import type { ErrorDetail } from "@vitrine/contracts";

type Issue = { path: ReadonlyArray<PropertyKey>; message: string };

/** zod issues → { field: first message }, for inline errors: issuesToFieldErrors(result.error.issues). */
export function issuesToFieldErrors(issues: ReadonlyArray<Issue>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "");
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** Server `details` ([{ path, message }]) → { field: message }. */
export function detailsToFieldErrors(details: ReadonlyArray<ErrorDetail>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const d of details) {
    const key = d.path.split(".")[0];
    if (key && !errors[key]) errors[key] = d.message;
  }
  return errors;
}
