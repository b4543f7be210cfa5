import { dehydrate, type QueryClient } from "@tanstack/react-query";
import type { Params } from "@/lib/route-match";
import {
  hasListingFilters,
  INVALID_MODEL_ID,
  listingFiltersToSearchParams,
  MODEL_NOT_FOUND,
  modelProfilePath,
  parseModelIdParam,
  photoSrcSet,
  photoUrl,
  readListingFilters,
  slugify,
  TRANSPARENCY_PERIOD_PARAM,
} from "@vitrine/contracts";
import { categoriesQueryOptions } from "@/features/categories/api/get-categories";
import { cityBySlugQueryOptions } from "@/features/cities/api/get-city-by-slug";
import { publicModelQueryOptions } from "@/features/public/api/get-public-model";
import { publicModelsInfiniteQueryOptions } from "@/features/public/api/get-public-models";
import { serviceOptionsQueryOptions } from "@/features/categories/api/get-service-options";
import { loadFilterBar } from "@/features/public/components/filter-bar-slot";
import { CARD_SIZES } from "@/features/public/components/model-card";
import { HERO_FIRST_IMAGE } from "@/features/public/components/hero";
import { PROFILE_PHOTO_SIZES } from "@/features/public/components/profile/profile-summary";
import { cityTitle, DEFAULT_SITE_NAME, homeTitle, profileTitle } from "@/features/public/lib/page-titles";
import { publicSettingsQueryOptions } from "@/features/settings/api/get-public-settings";
import { transparencyQueryOptions } from "@/features/transparency/api/get-transparency";

/** What the server needs besides the markup: the status, the head tags and whether the page is cacheable. */
export type PageInfo = {
  status: number;
  title: string;
  description: string;
  /** Path of the canonical URL; null for pages that are not indexed. */
  canonical: string | null;
  noindex: boolean;
  /** The LCP image: preloaded with a high priority. */
  image: { href: string; srcset: string; sizes: string } | null;
  /** The listing pages' hero artwork, preloaded first (on phones it is the largest paint). */
  heroImage?: string;
  /** Open Graph type. */
  ogType: "website" | "profile";
};

/**
 * `gated`: the visitor has not passed the age check in force (no age pass with a verifier, the gate not accepted
 * with self-declaration). The page is then the gate page, and its head may name the site, the city, the state and
 * the category, nothing of an advertiser (see gateProfileInfo); the caller drops the data read.
 */
type PageLoad = (
  queryClient: QueryClient,
  params: Params,
  search: URLSearchParams,
  gated: boolean,
) => Promise<PageInfo>;

/**
 * The data reads of the server-rendered pages, named by the route table's `ssr.data` (app/router.tsx): each runs the
 * queries its page reads (the same query options as the screens) into `queryClient` and tells the page's status
 * and head. Failed queries stay in the cache as errors, so the screen renders its message.
 */
const PAGE_LOADS = {
  /** Home and /cidade/{slug}: the listing. */
  listing: async (queryClient, params, search, gated) => {
    const info = await loadListing(queryClient, params.slug ?? null, search);
    // The first card's photo is hers: the gate page preloads no picture.
    return gated ? { ...info, image: null, heroImage: undefined } : info;
  },
  /** The three profile forms: the model of `:id` ("12" or "aurora-12"). */
  profile: (queryClient, params, _search, gated) => loadProfile(queryClient, params.id ?? "", gated),
  /** /transparencia: the report of `?periodo=` (default the current quarter); never gated (its route is open). */
  transparency: (queryClient, _params, search) => loadTransparency(queryClient, search),
} satisfies Record<string, PageLoad>;

export type PageData = keyof typeof PAGE_LOADS;

/** The data read the route table names, or the 404 page's for any name it lacks. */
export function pageLoadOf(data: string | null): PageLoad {
  return (data !== null && PAGE_LOADS[data as PageData]) || ((queryClient) => loadNotFound(queryClient));
}

async function siteOf(queryClient: QueryClient) {
  const settings = await queryClient.fetchQuery(publicSettingsQueryOptions()).catch(() => null);
  const site = settings?.site_name || DEFAULT_SITE_NAME;
  return { settings, site, notFound: notFoundInfo(site) };
}

function notFoundInfo(site: string): PageInfo {
  return {
    status: 404,
    title: `Página não encontrada | ${site}`,
    description: "O endereço que você procurou não existe ou foi removido.",
    canonical: null,
    noindex: true,
    image: null,
    ogType: "website",
  };
}

async function loadNotFound(queryClient: QueryClient): Promise<PageInfo> {
  return (await siteOf(queryClient)).notFound;
}

async function loadProfile(queryClient: QueryClient, raw: string, gated: boolean): Promise<PageInfo> {
  const { site, notFound } = await siteOf(queryClient);
  const id = parseModelIdParam(raw);
  if (id === null) return { ...notFound, status: 400, title: `${INVALID_MODEL_ID} | ${site}`, description: "" };
  await queryClient.prefetchQuery(publicModelQueryOptions(id));
  const profile = queryClient.getQueryData(publicModelQueryOptions(id).queryKey);
  if (!profile) {
    const error = queryClient.getQueryState(publicModelQueryOptions(id).queryKey)?.error as {
      status?: number;
    } | null;
    const status = error?.status === 404 || error?.status === 400 ? error.status : 500;
    return { ...notFound, status, title: `${MODEL_NOT_FOUND} | ${site}` };
  }
  const { model, photos } = profile;
  const main = photos[0];
  const place = `${model.city_name} - ${model.state}`;
  if (gated) return gateProfileInfo({ place, category: model.category_name, site });
  return {
    status: 200,
    title: profileTitle(model, site),
    description: summary(model.description) || `${model.name}, ${model.age} anos, em ${place}.`,
    canonical: modelProfilePath(model),
    noindex: false,
    image: main
      ? { href: photoUrl(main.filename, 800), srcset: photoSrcSet(main.filename), sizes: PROFILE_PHOTO_SIZES }
      : null,
    ogType: "profile",
  };
}

/**
 * The head of a profile behind the age gate: the site, the city, the state and the category, nothing of her (no
 * name, age, text, photo, nor her canonical address, which names her). Not indexed: a crawler cannot pass the check.
 */
function gateProfileInfo({ place, category, site }: { place: string; category: string | null; site: string }) {
  const what = category ? `Acompanhante (${category})` : "Acompanhante";
  return {
    status: 200,
    title: `${what} em ${place} | ${site}`,
    description: `Anúncio de acompanhante em ${place}. Conteúdo destinado exclusivamente a maiores de 18 anos.`,
    canonical: null,
    noindex: true,
    image: null,
    ogType: "website",
  } satisfies PageInfo;
}

async function loadListing(
  queryClient: QueryClient,
  routeSlug: string | null,
  search: URLSearchParams,
): Promise<PageInfo> {
  const { settings, site, notFound } = await siteOf(queryClient);
  // Home and city listing: the city first (from the route, or ?city= on the home page), then the first page.
  const isCity = routeSlug !== null;
  const citySlug = routeSlug ?? (slugify(search.get("city")?.trim() ?? "") || null);
  const searchText = search.get("search")?.trim() || null;
  let cityId: number | null = null;
  let cityLabel: string | null = null;
  if (citySlug) {
    await queryClient.prefetchQuery(cityBySlugQueryOptions(citySlug));
    const city = queryClient.getQueryData(cityBySlugQueryOptions(citySlug).queryKey);
    if (!city) {
      if (isCity) return { ...notFound, title: `Cidade não encontrada | ${site}` };
      // ?city=Name that is no slug: the browser searches the name.
      return { ...homeInfo(site, settings?.site_description), noindex: true };
    }
    cityId = city.id;
    cityLabel = `${city.name} - ${city.state}`;
  } else if (search.get("city_id")) {
    // ?city_id: the browser resolves the name from the city list.
    return { ...homeInfo(site, settings?.site_description), noindex: true };
  }
  // The filters as the page reads them (an invalid one is left out and named on the page); a filtered page is not
  // indexed, and its canonical address is the plain page.
  const { filters, errors } = readListingFilters(search);
  const filtered = hasListingFilters(filters) || errors.length > 0;
  const listingOptions = publicModelsInfiniteQueryOptions({
    cityId,
    search: searchText,
    filters: listingFiltersToSearchParams(filters).toString(),
  });
  // The filter form's options are read with the listing: the form is in the page's HTML.
  await Promise.all([
    queryClient.prefetchInfiniteQuery(listingOptions),
    queryClient.prefetchQuery(categoriesQueryOptions({ includeEmpty: true })),
    queryClient.prefetchQuery(serviceOptionsQueryOptions()),
    loadFilterBar(),
  ]);
  const first = queryClient.getQueryData(listingOptions.queryKey)?.pages[0]?.models[0];
  const image = first?.primary_photo
    ? { href: photoUrl(first.primary_photo, 800), srcset: photoSrcSet(first.primary_photo), sizes: CARD_SIZES }
    : null;
  const heroImage = HERO_FIRST_IMAGE;
  if (isCity && cityLabel) {
    return {
      status: 200,
      title: cityTitle(cityLabel, site),
      description: `Anúncios de acompanhantes em ${cityLabel}: fotos, serviços e contato. ${site}.`,
      canonical: `/cidade/${citySlug}`,
      noindex: !!searchText || filtered,
      image,
      heroImage,
      ogType: "website",
    };
  }
  // Filtered home pages (?search, ?city, the filters) are not indexed: the city pages are.
  return {
    ...homeInfo(site, settings?.site_description),
    image,
    heroImage,
    noindex: !!(searchText || citySlug) || filtered,
  };
}

async function loadTransparency(queryClient: QueryClient, search: URLSearchParams): Promise<PageInfo> {
  const { site, notFound } = await siteOf(queryClient);
  const periodo = search.get(TRANSPARENCY_PERIOD_PARAM)?.trim() ?? "";
  const options = transparencyQueryOptions(periodo);
  await queryClient.prefetchQuery(options);
  const report = queryClient.getQueryData(options.queryKey)?.report;
  if (!report) {
    const error = queryClient.getQueryState(options.queryKey)?.error as { status?: number } | null;
    return { ...notFound, status: error?.status === 400 ? 400 : 500, title: `Relatório de transparência | ${site}` };
  }
  return {
    status: 200,
    title: `Relatório de transparência — ${report.period.label} | ${site}`,
    description: `Denúncias, decisões da moderação, tempos de análise, verificações e impulsionamentos: ${report.period.label}.`,
    canonical: periodo ? `/transparencia?${TRANSPARENCY_PERIOD_PARAM}=${report.period.key}` : "/transparencia",
    noindex: false,
    image: null,
    ogType: "website",
  };
}

function homeInfo(site: string, description: string | undefined): PageInfo {
  return {
    status: 200,
    title: homeTitle(site),
    description:
      description || "Anúncios de modelos por cidade. Conteúdo destinado exclusivamente a maiores de 18 anos.",
    canonical: "/",
    noindex: false,
    image: null,
    ogType: "website",
  };
}

/** The first ~155 characters of a text, cut at a word. */
function summary(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= 155) return flat;
  return `${flat.slice(0, 152).replace(/\s+\S*$/, "")}…`;
}

/** The cache as the browser will receive it: successes and failures, never queries still pending. */
export function dehydrateForPage(queryClient: QueryClient) {
  return dehydrate(queryClient, {
    shouldDehydrateQuery: (q) => q.state.status === "success" || q.state.status === "error",
  });
}
