/**
 * A record (a plan payment or a shop order) that becomes paid, by whatever path, no longer carries the
 * amount_mismatch flag of an earlier charge: the flag columns to write then (none when it carries another flag,
 * which stays for the admin: refunded, charged_back, duplicate).
 */
export function flagColumnsWhenPaid(flag: string | null): { flag?: null; flaggedAt?: null } {
  return flag === "amount_mismatch" ? { flag: null, flaggedAt: null } : {};
}
