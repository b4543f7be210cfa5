/** A positive integer id from the query string, else null. */
export function parseQueryId(raw: string | null): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Mercado Pago's payment id from the return address (digits only), else null: a hint the server re-reads. */
export function parseProviderPaymentId(raw: string | null): string | null {
  return raw && /^\d{1,20}$/.test(raw) ? raw : null;
}
