import { type OrderStatus, orderStatusLabel } from "@vitrine/contracts";
import { Badge, type BadgeVariant } from "@/components/ui";

const VARIANTS: Record<OrderStatus, BadgeVariant> = {
  paid: "success",
  pending: "warning",
  failed: "danger",
  cancelled: "neutral",
  refunded: "neutral",
};

/** An order's status as a coloured label; unknown values are shown as they come. */
export function OrderStatusBadge({ status }: { status: string }) {
  const variant = Object.hasOwn(VARIANTS, status) ? VARIANTS[status as OrderStatus] : "neutral";
  return <Badge variant={variant}>{orderStatusLabel(status)}</Badge>;
}
