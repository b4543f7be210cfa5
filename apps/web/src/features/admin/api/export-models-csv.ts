import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { saveFile } from "@/lib/download";
import { apiPaths } from "@/lib/paths";
import type { AdminModelFilters } from "./get-admin-models";

/** "modelos-2026-05-14.csv": the export's file name, dated by the São Paulo day it was made. */
function csvFileName(now = new Date()): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(now);
  return `modelos-${day}.csv`;
}

/**
 * GET /api/admin/models.csv with the table's filters (state, city, category, search; every page), fetched with
 * the bearer token (a plain link would not carry it) and saved as a file.
 */
export async function exportModelsCsv(filters: Omit<AdminModelFilters, "page" | "limit">): Promise<void> {
  const csv = await api.get<Blob>(apiPaths.admin.modelsCsv, { query: { ...filters }, responseType: "blob" });
  saveFile(csv, csvFileName());
}

export function useExportModelsCsv() {
  return useMutation({ mutationFn: exportModelsCsv });
}
