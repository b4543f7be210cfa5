import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { saveFile } from "@/lib/download";
import { apiPaths } from "@/lib/paths";
import type { OrderFilters } from "./get-orders";

/** "pedidos-2026-05-14.csv": the export's file name, dated by the day it was made. */
function csvFileName(now = new Date()): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(now);
  return `pedidos-${day}.csv`;
}

/**
 * GET /api/admin/orders.csv with the table's filters (status, from, to), fetched with the bearer token (a plain
 * link would not carry it) and saved as a file.
 */
export async function exportOrdersCsv(filters: Omit<OrderFilters, "page" | "limit">): Promise<void> {
  const csv = await api.get<Blob>(apiPaths.admin.ordersCsv, { query: filters, responseType: "blob" });
  saveFile(csv, csvFileName());
}

export function useExportOrdersCsv() {
  return useMutation({ mutationFn: exportOrdersCsv });
}
