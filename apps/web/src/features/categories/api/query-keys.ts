import { queryScope } from "@/lib/query-keys";

const scope = queryScope("public", "categories");

/** Query keys of the category lists (every category for forms, or only those with visible models). */
export const categoryKeys = {
  all: () => scope,
  list: (filters: { includeEmpty: boolean }) => [...scope, "list", filters] as const,
};
