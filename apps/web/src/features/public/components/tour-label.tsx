import { type PublicTour, tourLabel } from "@vitrine/contracts";
import { cn } from "@/lib/cn";

/**
 * Her tour under way, on her card and profile: "Em turnê até 12/12" on the tour city's page (`pageCityId`), "Em
 * turnê em Curitiba de 10 a 12/12" anywhere else. The server sends only a tour under way that day.
 */
export function TourLabel({
  tour,
  pageCityId,
  className,
}: {
  tour: PublicTour | null | undefined;
  pageCityId?: number | null;
  className?: string;
}) {
  if (!tour) return null;
  return (
    <p className={cn("flex items-start gap-1.5 text-xs font-medium text-accent", className)} data-testid="tour-label">
      <svg
        aria-hidden
        viewBox="0 0 20 20"
        className="mt-px size-3.5 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      >
        <path d="M3 11.5 17 5l-4.5 12-2.5-5.5L3 11.5Z" strokeLinejoin="round" />
      </svg>
      <span>{tourLabel(tour, pageCityId)}</span>
    </p>
  );
}
