import { formatBRL, type ModelPayment, paymentMethodLabel } from "@vitrine/contracts";
import type { ReactNode } from "react";
import type { TableColumn } from "@/components/ui";
import { formatDate } from "@/lib/format";

/** A payments table of Detalhes scrolls inside its box (header kept in view), so the new-payment form stays near. */
export const PAYMENTS_TABLE_CLASS =
  "overflow-y-auto [&_table]:min-w-[620px] [&_thead]:sticky [&_thead]:top-0 [&_thead]:z-10 [&_thead_tr]:bg-surface-2";

/**
 * The columns of the payments tables of Detalhes: a date first, then plan and method, a status column, amount
 * and due date, and the row's action last.
 */
export function paymentColumns(parts: {
  date: TableColumn<ModelPayment>;
  status: TableColumn<ModelPayment>;
  action: (p: ModelPayment) => ReactNode;
}): TableColumn<ModelPayment>[] {
  return [
    parts.date,
    { key: "plan", header: "Plano", render: (p) => p.plan_name ?? "—" },
    { key: "method", header: "Forma", render: (p) => paymentMethodLabel(p.method) },
    parts.status,
    {
      key: "amount",
      header: "Valor",
      align: "right",
      render: (p) => <span className="whitespace-nowrap tabular-nums">{formatBRL(p.amount)}</span>,
    },
    { key: "due", header: "Vencimento", render: (p) => formatDate(p.due_date) },
    { key: "actions", header: <span className="sr-only">Ações</span>, align: "right", render: parts.action },
  ];
}
