/** An http(s) origin without path or trailing slash ("https://vitrine.example"), or null for anything else. */
export function parseOrigin(raw: string | undefined): string | null {
  const text = raw?.trim();
  if (!text || !/^https?:\/\//i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.pathname.replace(/\/+$/, "") === "" && !url.search && !url.hash && !url.username ? url.origin : null;
  } catch {
    return null;
  }
}
