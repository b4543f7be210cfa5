import { queryScope } from "@/lib/query-keys";

const scope = queryScope("admin", "moderation");

/** Keys of the admin's "Denúncias": the queue, a case, the transparency counts. */
export const moderationKeys = {
  all: () => scope,
  cases: (filters: { status: string; page: number }) => [...scope, "cases", filters] as const,
  case: (id: number) => [...scope, "case", id] as const,
  stats: () => [...scope, "stats"] as const,
  urgent: () => [...scope, "urgent"] as const,
};
