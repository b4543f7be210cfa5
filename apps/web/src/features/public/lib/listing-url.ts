import {
  LISTING_FILTER_KEYS,
  type ListingFilters,
  listingFiltersToSearchParams,
  readListingFilters,
} from "@vitrine/contracts";

/** The listing page's parameters besides the filters: the text search and the home page's city. */
export const LISTING_PAGE_PARAMS = ["search", "city", "city_id"] as const;

/** How many filters are chosen (the order is not one): the phone's "Filtros" button shows it. */
export function activeFilterCount(filters: ListingFilters): number {
  return LISTING_FILTER_KEYS.filter((key) => key !== "ordem" && filters[key] !== undefined).length;
}

/**
 * The query string of a listing page from a filter form's fields (or any parameters): the page's own parameters,
 * then the filters as listingFiltersToSearchParams writes them (only chosen values, one order: one choice, one URL).
 * A choice with an error (an age range upside down) keeps the values as typed, so the page shows the error.
 */
export function listingQueryOf(data: URLSearchParams): string {
  const query = new URLSearchParams();
  for (const key of LISTING_PAGE_PARAMS) {
    const value = data.get(key)?.trim();
    if (value) query.set(key, value);
  }
  const { filters, errors } = readListingFilters(data);
  if (errors.length === 0) {
    for (const [key, value] of listingFiltersToSearchParams(filters)) query.set(key, value);
  } else {
    for (const key of LISTING_FILTER_KEYS) {
      const values = data
        .getAll(key)
        .map((v) => v.trim())
        .filter(Boolean);
      if (values.length) query.set(key, values.join(","));
    }
  }
  return query.toString();
}

/** A form's fields as URL parameters (a filter form holds text only). */
export const formParams = (form: HTMLFormElement) =>
  new URLSearchParams(new FormData(form) as unknown as [string, string][]);
