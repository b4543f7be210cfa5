import { ADMIN_PAGE_SIZES, type AdminPageSize } from "@vitrine/contracts";
import { useSearchParams } from "@/lib/router";

type Patch = Record<string, string | number | undefined>;

/**
 * A paged table's filters, page and page size in the URL, so a reload, a shared link or the back button shows the
 * same table. A filter is text ("" when absent); page 1 and the first page size are left out of the address; a
 * change of filters or of page size goes back to page 1.
 */
export function useTableParams<K extends string>(filterKeys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(filterKeys.map((k) => [k, params.get(k) ?? ""])) as Record<K, string>;
  const limitParam = Number(params.get("limit"));
  const limit = (ADMIN_PAGE_SIZES as readonly number[]).includes(limitParam)
    ? (limitParam as AdminPageSize)
    : ADMIN_PAGE_SIZES[0];
  const page = Math.max(1, Math.trunc(Number(params.get("page"))) || 1);

  function update(patch: Patch) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined || value === "") next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      // The table changes in place: the page keeps its scroll position and the focus stays on the control used.
      { replace: false, preventScrollReset: true },
    );
  }

  return {
    filters,
    page,
    limit,
    setFilters: (values: Partial<Record<K, string | undefined>>) => update({ ...values, page: undefined }),
    setPage: (next: number) => update({ page: next > 1 ? next : undefined }),
    setLimit: (next: number) => update({ limit: next === ADMIN_PAGE_SIZES[0] ? undefined : next, page: undefined }),
  };
}
