import { ADMIN_PAGE_SIZES, plural } from "@vitrine/contracts";
import { useId } from "react";
import { cn } from "@/lib/cn";
import { Button } from "./button";

export type PaginationProps = {
  /** Current page, from 1. */
  page: number;
  /** Number of pages the server reported (0 when there are no rows: shown as one page). */
  pages: number;
  onPageChange: (page: number) => void;
  /** Rows per page; with `onPageSizeChange` a "Linhas por página" select is shown. */
  pageSize?: number;
  onPageSizeChange?: (size: number) => void;
  pageSizes?: readonly number[];
  /** Total rows, shown as "N registros" when given. */
  total?: number;
  className?: string;
};

function Chevron({ direction }: { direction: "left" | "right" }) {
  return (
    <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
      <path d={direction === "left" ? "m12 5-5 5 5 5" : "m8 5 5 5-5 5"} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * Page controls for a table the server pages: Anterior / "Página X de Y" / Próxima, and rows per page
 * (10, 20 or 50). Changing the page size is the caller's cue to go back to page 1.
 *
 * <Pagination page={page} pages={data.pagination.pages} total={data.pagination.total}
 *   onPageChange={setPage} pageSize={limit} onPageSizeChange={(n) => { setLimit(n); setPage(1); }} />
 */
export function Pagination({
  page,
  pages,
  onPageChange,
  pageSize,
  onPageSizeChange,
  pageSizes = ADMIN_PAGE_SIZES,
  total,
  className,
}: PaginationProps) {
  const sizeId = useId();
  const last = Math.max(1, pages);
  const current = Math.min(Math.max(1, page), last);
  return (
    <nav
      aria-label="Paginação"
      className={cn(
        "flex flex-col-reverse gap-3 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between",
        className,
      )}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {pageSize !== undefined && onPageSizeChange && (
          <span className="flex items-center gap-2">
            <label htmlFor={sizeId}>Linhas por página</label>
            <select
              id={sizeId}
              value={pageSize}
              onChange={(e) => onPageSizeChange(Number(e.target.value))}
              className="h-9 cursor-pointer rounded-full border border-line bg-surface-2 px-3 text-ink transition-colors hover:border-line-strong"
            >
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </span>
        )}
        {total !== undefined && <span>{plural(total, "registro", "registros")}</span>}
      </div>
      <div className="flex items-center justify-between gap-3 sm:justify-end">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onPageChange(current - 1)}
          disabled={current <= 1}
          aria-label="Página anterior"
        >
          <Chevron direction="left" />
          <span className="max-sm:sr-only">Anterior</span>
        </Button>
        <span aria-live="polite" className="tabular-nums whitespace-nowrap text-ink">
          Página {current} de {last}
        </span>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onPageChange(current + 1)}
          disabled={current >= last}
          aria-label="Próxima página"
        >
          <span className="max-sm:sr-only">Próxima</span>
          <Chevron direction="right" />
        </Button>
      </div>
    </nav>
  );
}
