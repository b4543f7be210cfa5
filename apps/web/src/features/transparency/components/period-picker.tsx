import {
  parseTransparencyPeriod,
  quarterOfDay,
  TRANSPARENCY_PERIOD_PARAM,
  transparencyPeriodChoices,
  transparencyPeriodKey,
} from "@vitrine/contracts";
import { Link } from "@/lib/router";
import { cn } from "@/lib/cn";

const dayInSaoPaulo = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Sao_Paulo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The São Paulo day (YYYY-MM-DD) of an instant: the report's own `generated_at`, so server and browser agree. */
export const saoPauloDay = (iso: string) => dayInSaoPaulo.format(new Date(iso));

const chip = (active: boolean) =>
  cn(
    "inline-flex h-9 items-center rounded-full px-3.5 text-sm font-medium whitespace-nowrap transition-colors",
    active ? "bg-accent-soft text-accent ring-1 ring-accent/40" : "text-ink-muted ring-1 ring-line hover:text-ink",
  );

/**
 * The report's periods as plain links (`?periodo=`), so the choice works before the page's code runs: the years
 * from this one back to the first, then the chosen year as a whole and each of its quarters that has begun.
 */
export function PeriodPicker({ basePath, current, today }: { basePath: string; current: string; today: string }) {
  const selected = parseTransparencyPeriod(current) ?? quarterOfDay(today);
  const { years, quarters } = transparencyPeriodChoices(today, selected.year);
  const href = (key: string) => `${basePath}?${TRANSPARENCY_PERIOD_PARAM}=${key}`;
  const currentKey = transparencyPeriodKey(selected);
  return (
    <nav aria-label="Período do relatório" className="flex flex-col gap-3">
      <ul className="flex flex-wrap gap-2" aria-label="Ano">
        {years.map((year) => (
          <li key={year.year}>
            <Link
              to={href(String(year.year))}
              className={chip(year.year === selected.year)}
              aria-current={currentKey === String(year.year) ? "page" : undefined}
              preventScrollReset
            >
              {year.year}
            </Link>
          </li>
        ))}
      </ul>
      <ul className="flex flex-wrap gap-2" aria-label={`Trimestres de ${selected.year}`}>
        <li>
          <Link
            to={href(String(selected.year))}
            className={chip(selected.quarter === null)}
            aria-current={selected.quarter === null ? "page" : undefined}
            preventScrollReset
          >
            Ano inteiro
          </Link>
        </li>
        {[...quarters].reverse().map((quarter) => {
          const key = transparencyPeriodKey(quarter);
          return (
            <li key={key}>
              <Link
                to={href(key)}
                className={chip(key === currentKey)}
                aria-current={key === currentKey ? "page" : undefined}
                preventScrollReset
              >
                {quarter.quarter}º trimestre
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
