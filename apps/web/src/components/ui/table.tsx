import { type Key, type ReactNode, useRef } from "react";
import { cn } from "@/lib/cn";
import { Spinner } from "./spinner";
import { useScrolls } from "./use-scrolls";

export type TableColumn<T> = {
  /** Unique per column. */
  key: string;
  header: ReactNode;
  render: (row: T, index: number) => ReactNode;
  align?: "left" | "right" | "center";
  className?: string;
};

export type TableProps<T> = {
  columns: TableColumn<T>[];
  rows: T[];
  getRowKey: (row: T, index: number) => Key;
  /** Accessible name of the table (visually hidden). */
  caption?: string;
  /** Shown in one full-width row when `rows` is empty. */
  emptyText?: ReactNode;
  loading?: boolean;
  onRowClick?: (row: T) => void;
  className?: string;
};

const ALIGN = { left: "text-left", right: "text-right", center: "text-center" } as const;

/**
 * A data table that scrolls sideways on small screens (the scrolling box then takes the keyboard focus, named by
 * the caption, so that the keys scroll it).
 * <Table caption="Modelos" rows={models} getRowKey={(m) => m.id}
 *   columns={[{ key: "name", header: "Nome", render: (m) => m.name }, …]} emptyText="Nenhuma modelo." />
 */
export function Table<T>({
  columns,
  rows,
  getRowKey,
  caption,
  emptyText = "Nenhum registro encontrado.",
  loading = false,
  onRowClick,
  className,
}: TableProps<T>) {
  const boxRef = useRef<HTMLDivElement>(null);
  const scrolls = useScrolls(boxRef, "x");
  return (
    // relative: the visually hidden caption (absolutely placed) stays inside the scroll box instead of widening the page.
    <div
      ref={boxRef}
      className={cn("relative overflow-x-auto rounded-2xl border border-line bg-surface", className)}
      {...(scrolls && { tabIndex: 0, role: "region", "aria-label": caption ?? "Tabela" })}
    >
      <table className="w-full min-w-[640px] border-collapse text-sm" aria-busy={loading || undefined}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr className="border-b border-line bg-surface-2/60">
            {columns.map((col) => (
              <th
                key={col.key}
                scope="col"
                className={cn(
                  "px-4 py-3 text-xs font-semibold tracking-[0.08em] text-ink-subtle uppercase",
                  ALIGN[col.align ?? "left"],
                  col.className,
                )}
              >
                {col.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-10 text-center text-accent">
                <Spinner label="Carregando..." />
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-10 text-center text-ink-muted">
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr
                key={getRowKey(row, index)}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                className={cn(
                  "border-b border-line/70 transition-colors last:border-b-0 hover:bg-surface-2/70",
                  onRowClick && "cursor-pointer",
                )}
              >
                {columns.map((col) => (
                  <td key={col.key} className={cn("px-4 py-3 text-ink", ALIGN[col.align ?? "left"], col.className)}>
                    {col.render(row, index)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
