import { queryScope } from "@/lib/query-keys";

const scope = queryScope("public", "settings");

/** Query keys of the public settings and the public plans. */
export const settingsKeys = {
  all: () => scope,
  public: () => [...scope, "public"] as const,
  plans: () => [...scope, "plans"] as const,
};
