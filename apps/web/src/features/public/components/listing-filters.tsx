import { hasListingFilters, type ListingFacets, type ListingFilters, plural } from "@vitrine/contracts";
import { type FormEvent, lazy, Suspense, useState } from "react";
import { Link, useLocation, useNavigate } from "@/lib/router";
import { buttonClasses } from "@/components/ui";
import { useCategories } from "@/features/categories/api/get-categories";
import { useServiceOptions } from "@/features/categories/api/get-service-options";
import { activeFilterCount, formParams } from "../lib/listing-url";
import { FilterFields, type FilterOptions, type ListingPage, listingHref } from "./filter-fields";

const FilterSheet = lazy(() => import("./filter-sheet").then((m) => ({ default: m.FilterSheet })));

/**
 * The listing's filters and order, all in the URL. A plain GET form with the parameters' own names: without
 * JavaScript it loads the filtered page, which the server renders. With it, applying navigates in the page (a new
 * history entry: the back button restores the previous filters), and a choice in a list or a box applies at once.
 * From 1024 px the form is a bar above the results; below, a "Filtros" button (with the number chosen) opens it as
 * a sheet that tells how many results a choice finds before applying it (loaded when first opened). Without
 * JavaScript the button is a link that shows the same form in the page (#filtros).
 */
export function ListingFilterBar({
  page,
  filters,
  errors,
  facets,
}: {
  page: ListingPage;
  filters: ListingFilters;
  errors: { message: string }[];
  facets?: ListingFacets;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [sheetOpen, setSheetOpen] = useState(false);
  const options: FilterOptions = {
    categories: useCategories({ includeEmpty: true }).data ?? [],
    services: useServiceOptions().data ?? [],
    facets,
  };
  const active = activeFilterCount(filters);
  const clearHref = listingHref(page, new URLSearchParams());
  const clear = hasListingFilters(filters) && (
    <Link to={clearHref} preventScrollReset className="text-sm text-accent underline-offset-4 hover:underline">
      Limpar filtros
    </Link>
  );
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(listingHref(page, formParams(event.currentTarget)), { preventScrollReset: true });
  };

  return (
    <div className="mb-8">
      <div className="flex items-center gap-4 lg:hidden">
        <a
          href="#filtros"
          aria-haspopup="dialog"
          aria-label={active > 0 ? `Filtros, ${plural(active, "escolhido", "escolhidos")}` : undefined}
          onClick={(event) => {
            event.preventDefault();
            setSheetOpen(true);
          }}
          className={buttonClasses({ variant: "secondary", size: "sm" })}
        >
          Filtros
          {active > 0 && (
            <span aria-hidden className="rounded-full bg-accent px-1.5 text-xs text-accent-ink tabular-nums">
              {active}
            </span>
          )}
        </a>
        {clear}
      </div>
      <form
        // Drawn anew when the address changes (back and forward included): its fields start from the URL's filters.
        key={location.search}
        id="filtros"
        method="get"
        action={page.pathname}
        aria-label="Filtros"
        // Until the bar's code runs, the form is the plain one of the server's HTML: a list or a box applies only
        // with "Aplicar filtros". `data-enhanced` (set in the browser only) says a choice now applies at once.
        ref={(form) => form?.setAttribute("data-enhanced", "")}
        onSubmit={apply}
        onChange={(event) => {
          const field = event.target as EventTarget as HTMLInputElement | HTMLSelectElement;
          if (field.type === "checkbox" || field.tagName === "SELECT") event.currentTarget.requestSubmit();
        }}
        className="rounded-3xl border border-line bg-surface/70 p-5 max-lg:mt-4 max-lg:hidden max-lg:target:block"
      >
        {page.kept.map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
        <FilterFields filters={filters} {...options} />
        <div className="mt-5 flex items-center justify-end gap-5">
          {clear}
          <button type="submit" className={buttonClasses({ size: "sm" })}>
            Aplicar filtros
          </button>
        </div>
      </form>
      {errors.length > 0 && (
        <p role="alert" className="mt-4 text-sm text-danger">
          {errors.map((e) => e.message).join(". ")}.
        </p>
      )}
      {sheetOpen && (
        <Suspense fallback={null}>
          <FilterSheet page={page} filters={filters} options={options} onClose={() => setSheetOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
