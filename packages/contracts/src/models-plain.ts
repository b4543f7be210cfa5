// No zod here: the public pages load this file (the schemas are in models.ts, which re-exports it).

/** rates: a JSON string { tags, obs }; anything that is not that JSON is read as a comma list of tags. */
export type Rates = { tags: string[]; obs: string };

export function parseRates(raw: string | null | undefined): Rates {
  if (!raw || !raw.trim()) return { tags: [], obs: "" };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      const { tags, obs } = parsed as { tags?: unknown; obs?: unknown };
      return {
        tags: Array.isArray(tags) ? tags.filter((t): t is string => typeof t === "string") : [],
        obs: typeof obs === "string" ? obs : "",
      };
    }
    if (Array.isArray(parsed)) return { tags: parsed.filter((t): t is string => typeof t === "string"), obs: "" };
  } catch {
    // not JSON: fall through to the comma-separated form
  }
  return {
    tags: raw
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean),
    obs: "",
  };
}

export function serializeRates(rates: Rates): string {
  return JSON.stringify({ tags: rates.tags, obs: rates.obs });
}

/** services is a comma-separated string; cards show the first three. */
export function splitServices(services: string | null | undefined): string[] {
  return (services ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}
