import type { ReactElement, ReactNode } from "react";
import { ResponsiveContainer } from "recharts";
import { Button, Card, Spinner } from "@/components/ui";
import { cn } from "@/lib/cn";
import { CHART_EMPTY_TEXT, CHART_HEIGHT, type ChartHeight } from "./chart-sizes";

export type ChartCardProps = {
  title: string;
  description?: ReactNode;
  /** Plot height (fixed): sm 240, md 300 (default), lg 360 px. */
  height?: ChartHeight;
  loading?: boolean;
  /** A load failure: the message is shown in place of the plot, with "Tentar novamente" when onRetry is given. */
  error?: string | null;
  onRetry?: () => void;
  /** True shows "Sem dados no período" (or `emptyText`) in place of the plot. */
  isEmpty?: boolean;
  emptyText?: string;
  /** Rows read to screen readers in place of the drawing: [label, value, …]. */
  srTable?: { headers: string[]; rows: (string | number)[][] };
  /** Right side of the card header (a period select…). */
  actions?: ReactNode;
  className?: string;
  /** One Recharts chart (BarChart, PieChart, LineChart…): it fills the plot area. */
  children: ReactElement;
};

/** The frame props every ready-made chart card hands to its ChartCard as they come. */
export type ChartFrameProps = Pick<
  ChartCardProps,
  "title" | "description" | "height" | "loading" | "error" | "onRetry"
>;

/**
 * A chart inside a Card with the shared states: a spinner while loading, the error, "Sem dados no período" when
 * there is nothing to draw, else the chart filling a plot of fixed height at the card's width.
 *
 * <ChartCard title="Modelos por cidade" isEmpty={data.length === 0} loading={q.isPending}>
 *   <PieChart>…</PieChart>
 * </ChartCard>
 * The ready-made BarChartCard, PieChartCard and LineChartCard cover most screens.
 */
export function ChartCard({
  title,
  description,
  height = "md",
  loading = false,
  error,
  onRetry,
  isEmpty = false,
  emptyText = CHART_EMPTY_TEXT,
  srTable,
  actions,
  className,
  children,
}: ChartCardProps) {
  const plotHeight = CHART_HEIGHT[height];
  let body: ReactNode;
  if (loading) {
    body = (
      <Centered>
        <Spinner size="lg" className="text-accent" label="Carregando..." />
      </Centered>
    );
  } else if (error) {
    body = (
      <Centered>
        <p role="alert" className="max-w-xs text-sm text-danger">
          {error}
        </p>
        {onRetry && (
          <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
            Tentar novamente
          </Button>
        )}
      </Centered>
    );
  } else if (isEmpty) {
    body = (
      <Centered>
        <svg viewBox="0 0 24 24" className="mb-2 size-8 text-ink-subtle" fill="none" stroke="currentColor" aria-hidden>
          <path d="M4 19h16M7 16v-4m5 4V8m5 8v-6" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        <p className="text-sm text-ink-muted">{emptyText}</p>
      </Centered>
    );
  } else {
    body = (
      <>
        <div aria-hidden="true" className="size-full">
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: plotHeight }}>
            {children}
          </ResponsiveContainer>
        </div>
        {srTable && <ScreenReaderTable caption={title} {...srTable} />}
      </>
    );
  }
  return (
    <Card title={title} description={description} actions={actions} className={cn("min-w-0", className)}>
      <div className="relative w-full min-w-0" style={{ height: plotHeight }}>
        {body}
      </div>
    </Card>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="flex size-full flex-col items-center justify-center text-center">{children}</div>;
}

function ScreenReaderTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: string[];
  rows: (string | number)[][];
}) {
  return (
    // A table cannot be shrunk to 1 px (it grows to its rows), so the visually hidden box is a wrapper around it.
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
