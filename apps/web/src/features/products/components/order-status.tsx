import { Badge, type BadgeVariant } from "@/components/ui";

const STATUS: Record<string, { label: string; variant: BadgeVariant }> = {
  paid: { label: "Pago", variant: "success" },
  approved: { label: "Aprovado", variant: "success" },
  pending: { label: "Pendente", variant: "warning" },
  in_process: { label: "Em análise", variant: "warning" },
  cancelled: { label: "Cancelado", variant: "neutral" },
  canceled: { label: "Cancelado", variant: "neutral" },
  expired: { label: "Expirado", variant: "neutral" },
  rejected: { label: "Recusado", variant: "danger" },
  failed: { label: "Falhou", variant: "danger" },
  refunded: { label: "Reembolsado", variant: "neutral" },
};

/** An order's status as a coloured label; unknown values are shown as they come. */
export function OrderStatusBadge({ status }: { status: string }) {
  const known = STATUS[status];
  return <Badge variant={known?.variant ?? "neutral"}>{known?.label ?? status}</Badge>;
}
