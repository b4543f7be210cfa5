import { orderStatusLabel } from "@vitrine/contracts";
import { buildCsv, type CsvColumn, formatCsvDateTime, formatCsvMoney } from "../../lib/csv";
import type { AdminOrderRow } from "./service";

const COLUMNS: CsvColumn<AdminOrderRow>[] = [
  { header: "ID", value: (r) => r.id },
  { header: "Cliente", value: (r) => r.customerName },
  { header: "E-mail", value: (r) => r.customerEmail },
  { header: "Telefone", value: (r) => r.customerPhone },
  { header: "Produto", value: (r) => r.productName },
  { header: "Modelo", value: (r) => r.modelName },
  { header: "Valor (R$)", value: (r) => formatCsvMoney(r.amountCents) },
  { header: "Status", value: (r) => orderStatusLabel(r.status) },
  { header: "Método", value: (r) => r.method },
  { header: "Data", value: (r) => formatCsvDateTime(r.createdAt) },
  { header: "Pago em", value: (r) => formatCsvDateTime(r.paidAt) },
];

/** The orders table as a CSV file for Excel in pt-BR. */
export function buildOrdersCsv(rows: AdminOrderRow[]): string {
  return buildCsv(COLUMNS, rows);
}
