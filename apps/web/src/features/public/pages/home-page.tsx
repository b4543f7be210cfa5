import { CITY_NOT_FOUND, listingFiltersToSearchParams, plural, readListingFilters, slugify } from "@vitrine/contracts";
import { useEffect, useMemo } from "react";
import { Link, useLocation, useParams, useSearchParams } from "@/lib/router";
import { buttonClasses } from "@/components/ui";
import { useCities } from "@/features/cities/api/get-cities";
import { useCityBySlug } from "@/features/cities/api/get-city-by-slug";
import { useCityNamed } from "@/features/cities/api/search-cities";
import {
  isCityNavigationState,
  RESULTS_ANCHOR_ID,
  SCROLL_TO_RESULTS_DELAY_MS,
  scrollToResults,
} from "@/features/cities/lib/city-navigation";
import { usePublicSettings } from "@/features/settings/api/get-public-settings";
import { usePageTitle } from "@/hooks/use-page-title";
import { appPaths } from "@/lib/public-paths";
import { usePublicModels } from "../api/get-public-models";
import { CitySelector } from "../components/city-selector";
import { Hero } from "../components/hero";
import { FilterBarSlot } from "../components/filter-bar-slot";
import { ModelGrid } from "../components/model-grid";
import { useLivePublicData } from "../hooks/use-live-public-data";
import { useRecordVisit } from "../hooks/use-record-visit";
import { LISTING_PAGE_PARAMS } from "../lib/listing-url";
import { cityTitle, DEFAULT_SITE_NAME, homeTitle, searchTitle } from "../lib/page-titles";

function positiveInt(raw: string | null): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}

/** A slug that ends in a state code ("campinas-sp"): if it is unknown, a search by name will not find it either. */
const STATE_SUFFIX = /-[a-z]{2}$/;

/**
 * Home and city listing, routes / and /cidade/{slug}. Query parameters: search (text), city (a city
 * slug, or a plain name such as "Campinas", searched by name when no city has it as slug), city_id, and the
 * listing filters and order (categoria, idade_min… ordem: the API's own names, see ListingFilterBar). The city
 * is resolved first, then the listing loads page by page.
 */
export function HomePage() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const search = searchParams.get("search")?.trim() || null;
  const cityParam = searchParams.get("city")?.trim() ?? "";
  const citySlug = params.slug ?? (slugify(cityParam) || null);
  const cityIdParam = citySlug ? null : positiveInt(searchParams.get("city_id"));

  const bySlug = useCityBySlug(citySlug);
  // ?city=Campinas: "campinas" is no slug, so the name is searched (never for a route slug or a "name-uf" slug).
  const byName = useCityNamed(!params.slug && bySlug.isError && !STATE_SUFFIX.test(citySlug ?? "") ? cityParam : null);
  const namedCity = bySlug.data ?? byName.data ?? null;
  // ?city_id only carries the id: its name comes from the list of cities with models.
  const allCities = useCities({ state: null, enabled: cityIdParam !== null });
  const city = citySlug ? namedCity : (allCities.data?.find((c) => c.id === cityIdParam) ?? null);
  const cityId = citySlug ? (namedCity?.id ?? null) : cityIdParam;
  const cityReady = !citySlug || namedCity !== null;
  const cityMissing = !!citySlug && bySlug.isError && !byName.data && !byName.isLoading;

  const { filters, errors } = useMemo(() => readListingFilters(searchParams), [searchParams]);
  const listing = usePublicModels(
    { cityId, search, filters: listingFiltersToSearchParams(filters).toString() },
    { enabled: cityReady },
  );
  const kept = LISTING_PAGE_PARAMS.flatMap((key): [string, string][] => {
    const value = searchParams.get(key)?.trim();
    return value ? [[key, value]] : [];
  });
  const total = listing.data?.pages[0]?.pagination.total;

  useLivePublicData();
  useRecordVisit(cityReady ? { page: cityId ? "city" : "home", city_id: cityId } : null);
  const site = usePublicSettings().data?.site_name || DEFAULT_SITE_NAME;
  usePageTitle(
    search ? searchTitle(search, site) : city ? cityTitle(`${city.name} - ${city.state}`, site) : homeTitle(site),
    { full: true },
  );

  // A city or a search is what the page is about: its results heading (with the city) is the page's h1.
  const resultsHeading = !!(city || search);
  const Heading = resultsHeading ? "h1" : "h2";

  // A city chosen in the selector or the header search asks (through the navigation state) for the grid.
  const scrollRequested = isCityNavigationState(location.state);
  useEffect(() => {
    if (!scrollRequested) return;
    const timer = window.setTimeout(scrollToResults, SCROLL_TO_RESULTS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [scrollRequested, location.key]);

  return (
    <>
      <Hero brandHeading={!resultsHeading}>
        <CitySelector current={city} />
      </Hero>

      <section
        id={RESULTS_ANCHOR_ID}
        aria-labelledby="results-title"
        className="mx-auto w-full max-w-7xl scroll-mt-20 px-4 pt-10 pb-16 sm:px-6 sm:pt-14"
      >
        <div className="mb-8 flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
          <Heading id="results-title" className="min-w-0">
            <span className="mb-2 block text-xs font-semibold tracking-[0.22em] text-accent uppercase">
              {city ? `${city.name} - ${city.state}` : "Em destaque"}
            </span>{" "}
            <span className="block font-display text-3xl leading-tight font-semibold text-ink sm:text-4xl">
              {search ? `Resultados para "${search}"` : "Modelos Premium"}
            </span>
          </Heading>
          {total !== undefined && !cityMissing && (
            <div className="flex flex-wrap items-baseline gap-x-3 text-sm text-ink-muted">
              <p aria-live="polite" data-testid="results-count">
                {plural(total, "modelo encontrada", "modelos encontradas")}
              </p>
              {city && (
                <Link to={appPaths.rankingRules} className="underline underline-offset-4 hover:text-ink">
                  Como ordenamos os anúncios
                </Link>
              )}
            </div>
          )}
        </div>

        {!cityMissing && (
          <FilterBarSlot
            page={{ pathname: location.pathname, kept, cityId, search }}
            filters={filters}
            errors={errors}
            facets={listing.data?.pages[0]?.facets}
          />
        )}

        {cityMissing ? (
          <div className="flex flex-col items-center rounded-3xl border border-dashed border-line-strong bg-surface/60 px-6 py-16 text-center">
            <p className="font-display text-2xl text-ink">{CITY_NOT_FOUND}</p>
            <p className="mt-2 max-w-sm text-sm text-ink-muted">Tente ajustar os filtros ou fazer uma nova busca.</p>
            <Link to={appPaths.home} className={buttonClasses({ variant: "secondary", size: "sm", className: "mt-5" })}>
              Ver todas as modelos
            </Link>
          </div>
        ) : (
          <ModelGrid listing={listing} cityId={cityId} />
        )}
      </section>
    </>
  );
}
