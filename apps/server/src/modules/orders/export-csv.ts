import { orderStatusLabel } from "@vitrine/contracts";
import { toCsv } from "../../lib/csv";
import { TIME_ZONE } from "../../lib/dates";
import type { AdminOrderRow } from "./service";

const dateTime = new Intl.DateTimeFormat("pt-BR", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** A moment as São Paulo's "dd/mm/aaaa HH:mm" (an order at 02:30 UTC on the 23rd is "22/11/2026 23:30"). */
export function formatCsvDateTime(at: Date | null): string {
  if (!at) return "";
  const part = Object.fromEntries(dateTime.formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}

/** Cents as a pt-BR spreadsheet reads money: 5990 → "59,90", 123456 → "1234,56" (no thousands dot). */
export function formatCsvMoney(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

const HEADER = [
  "ID",
  "Cliente",
  "E-mail",
  "Telefone",
  "Produto",
  "Modelo",
  "Valor (R$)",
  "Status",
  "Método",
  "Data",
  "Pago em",
];

/** The orders table as a CSV file for Excel in pt-BR. */
export function buildOrdersCsv(rows: AdminOrderRow[]): string {
  return toCsv(
    HEADER,
    rows.map((r) => [
      r.id,
      r.customerName,
      r.customerEmail,
      r.customerPhone,
      r.productName,
      r.modelName,
      formatCsvMoney(r.amountCents),
      orderStatusLabel(r.status),
      r.method,
      formatCsvDateTime(r.createdAt),
      formatCsvDateTime(r.paidAt),
    ]),
  );
}
