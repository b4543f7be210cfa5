import { BOOST_PHASE_LABELS, type BoostPhase } from "@vitrine/contracts";
import { Badge, type BadgeVariant } from "@/components/ui";

const VARIANTS: Record<BoostPhase, BadgeVariant> = {
  pending_payment: "neutral",
  payment_failed: "warning",
  awaiting_review: "accent",
  paused: "warning",
  scheduled: "accent",
  live: "success",
  ended: "neutral",
  rejected: "danger",
  refunded: "danger",
};

/** Where a boost stands, in words and colour. */
export function BoostPhaseBadge({ phase }: { phase: BoostPhase }) {
  return (
    <span data-boost-phase={phase}>
      <Badge variant={VARIANTS[phase]}>{BOOST_PHASE_LABELS[phase]}</Badge>
    </span>
  );
}
