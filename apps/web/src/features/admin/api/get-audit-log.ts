import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AuditLogResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** Filters of the audit-log table. */
export type AuditLogFilters = { page: number; limit: number; action?: string };

/** GET /api/admin/audit-log?page&limit&action: who changed what in the back-office, newest first. */
export function getAuditLog(filters: AuditLogFilters): Promise<AuditLogResponse> {
  return api.get<AuditLogResponse>(apiPaths.admin.auditLog, { query: filters });
}

export const auditLogQueryOptions = (filters: AuditLogFilters) =>
  queryOptions({
    queryKey: adminKeys.auditLog(filters),
    queryFn: () => getAuditLog(filters),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

export function useAuditLog(filters: AuditLogFilters) {
  return useQuery(auditLogQueryOptions(filters));
}
