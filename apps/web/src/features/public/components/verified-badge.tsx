import { VERIFIED_BADGE_LABEL } from "@vitrine/contracts";
import { Badge } from "@/components/ui";
import { cn } from "@/lib/cn";

/**
 * "Verificada": the site checked her identity document and her age (modules/verification on the server). Every
 * model the public sees has it; shown on her card and her profile.
 */
export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <Badge variant="success" className={cn("gap-1", className)}>
      <svg viewBox="0 0 24 24" aria-hidden className="icon size-3">
        <path d="M12 2.8 14.4 5l3.2-.4.9 3.1 2.8 1.6-1.2 3 1.2 3-2.8 1.6-.9 3.1-3.2-.4L12 21.2 9.6 19l-3.2.4-.9-3.1-2.8-1.6 1.2-3-1.2-3 2.8-1.6.9-3.1 3.2.4L12 2.8Z" />
        <path d="m8.6 12.2 2.3 2.3 4.5-4.7" />
      </svg>
      {VERIFIED_BADGE_LABEL}
    </Badge>
  );
}
