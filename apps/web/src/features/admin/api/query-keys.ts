import type { StatsPeriod } from "@vitrine/contracts";
import { queryScope } from "@/lib/query-keys";

const scope = queryScope("admin", "backoffice");

/** The query string of a paged, filtered admin table (unset filters left out). */
type TableFilters = Readonly<Record<string, string | number | undefined>>;

/**
 * Query keys of the back-office (private: dropped on sign-in and sign-out). After a change, invalidate the
 * family it touches: a model's status or payment → models(), modelPayments(id) and dashboard().
 */
export const adminKeys = {
  all: () => scope,
  dashboard: () => [...scope, "dashboard"] as const,
  jobs: () => [...scope, "jobs"] as const,
  ageAssurance: () => [...scope, "age-assurance"] as const,
  verifications: () => [...scope, "verifications"] as const,
  verificationQueue: (page: number) => [...scope, "verifications", "queue", page] as const,
  verification: (id: number) => [...scope, "verifications", "detail", id] as const,
  verificationFile: (id: number, file: string) => [...scope, "verifications", "file", id, file] as const,
  onboarding: () => [...scope, "onboarding"] as const,
  models: () => [...scope, "models"] as const,
  modelList: (filters: TableFilters) => [...scope, "models", "list", filters] as const,
  modelCharts: () => [...scope, "models", "charts"] as const,
  modelPayments: (modelId: number) => [...scope, "models", "payments", modelId] as const,
  plans: () => [...scope, "plans"] as const,
  categories: () => [...scope, "categories"] as const,
  serviceOptions: () => [...scope, "service-options"] as const,
  planDistribution: () => [...scope, "plans", "distribution"] as const,
  orders: () => [...scope, "orders"] as const,
  orderList: (filters: TableFilters) => [...scope, "orders", "list", filters] as const,
  orderCharts: (days: number) => [...scope, "orders", "charts", days] as const,
  stats: (days: StatsPeriod) => [...scope, "stats", days] as const,
  settings: () => [...scope, "settings"] as const,
  auditLog: (filters: { page: number; limit: number; admin?: number; action?: string }) =>
    [...scope, "audit", filters] as const,
};
