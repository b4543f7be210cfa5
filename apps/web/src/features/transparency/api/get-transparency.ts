import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminTransparencyResponse, TransparencyResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { queryScope } from "@/lib/query-keys";

const publicScope = queryScope("public", "transparency");
const adminScope = [...queryScope("admin", "backoffice"), "transparency"] as const;

/**
 * GET /api/transparency?periodo=: the public report of a period ("" for the current quarter). Read by the server's
 * render of /transparencia and by the page, with the same key.
 */
export const transparencyQueryOptions = (periodo: string) =>
  queryOptions({
    queryKey: [...publicScope, periodo] as const,
    queryFn: ({ signal }) =>
      api.get<TransparencyResponse>(apiPaths.transparency.public, { signal, query: { periodo } }),
    // A wrong period is the answer (400), not a failure to retry.
    retry: false,
  });

export const useTransparency = (periodo: string) =>
  useQuery({ ...transparencyQueryOptions(periodo), retryOnMount: false });

/** GET /api/admin/transparency?periodo=: the same figures with the cases behind them (admin). */
export const useAdminTransparency = (periodo: string) =>
  useQuery({
    queryKey: [...adminScope, periodo],
    queryFn: ({ signal }) =>
      api.get<AdminTransparencyResponse>(apiPaths.transparency.admin, { signal, query: { periodo } }),
    retry: false,
  });
