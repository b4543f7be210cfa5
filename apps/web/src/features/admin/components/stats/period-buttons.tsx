import { STATS_PERIOD_LABELS, STATS_PERIODS, type StatsPeriod } from "@vitrine/contracts";
import { cn } from "@/lib/cn";

/** 7 dias / 30 dias / Ano / Tudo: a group of toggle buttons, the chosen one pressed. */
export function PeriodButtons({ value, onChange }: { value: StatsPeriod; onChange: (days: StatsPeriod) => void }) {
  return (
    <div role="group" aria-label="Período" className="inline-flex rounded-full border border-line bg-surface-2 p-1">
      {STATS_PERIODS.map((days) => (
        <button
          key={days}
          type="button"
          aria-pressed={value === days}
          onClick={() => onChange(days)}
          className={cn(
            "h-8 rounded-full px-4 text-sm font-medium whitespace-nowrap transition-colors",
            value === days ? "bg-accent text-accent-ink" : "text-ink-muted hover:bg-surface-3 hover:text-ink",
          )}
        >
          {STATS_PERIOD_LABELS[days]}
        </button>
      ))}
    </div>
  );
}
