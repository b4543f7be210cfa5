// No zod here: the public pages load this file (the schemas are in listing.ts, which re-exports it).
import { MONEY_MAX, parseMoney } from "./money-plain";
import { normalizeText } from "./text";

/** Where she receives clients (the profile's "Atende em" and the listing's `atende` filter). */
export const RECEIVES_AT = ["local_proprio", "hotel", "motel", "domicilio", "eventos", "viagens"] as const;
export type ReceivesAt = (typeof RECEIVES_AT)[number];
export const RECEIVES_AT_LABELS: Record<ReceivesAt, string> = {
  local_proprio: "Local próprio",
  hotel: "Hotel",
  motel: "Motel",
  domicilio: "A domicílio",
  eventos: "Eventos",
  viagens: "Viagens",
};

/** The languages she speaks (ISO 639-1 codes). */
export const LANGUAGES = ["pt", "en", "es", "fr", "it", "de"] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABELS: Record<Language, string> = {
  pt: "Português",
  en: "Inglês",
  es: "Espanhol",
  fr: "Francês",
  it: "Italiano",
  de: "Alemão",
};

/** Longest neighbourhood (profile field and `bairro` filter). */
export const NEIGHBORHOOD_MAX = 60;
/** Longest service name of the admin's list (and of one `servico` filter value). */
export const SERVICE_NAME_MAX = 60;
/** At most this many services in one `servico` filter. */
export const LISTING_SERVICES_MAX = 10;
/** Ages the `idade_min` / `idade_max` filters accept. */
export const LISTING_AGE_MIN = 18;
export const LISTING_AGE_MAX = 99;
/** GET /api/models/public/cards?ids=…: at most this many ids. */
export const PUBLIC_CARDS_IDS_MAX = 100;

/** "Disponível agora": she chooses 1 to 8 hours, and may start it at most 4 times per São Paulo day. */
export const AVAILABILITY_HOURS_MIN = 1;
export const AVAILABILITY_HOURS_MAX = 8;
export const AVAILABILITY_STARTS_PER_DAY = 4;
export const AVAILABILITY_LIMIT_MESSAGE = `Você já ficou disponível ${AVAILABILITY_STARTS_PER_DAY} vezes hoje. Tente novamente amanhã.`;
export const AVAILABLE_NOW_LABEL = "Disponível agora";

/** True while "Disponível agora" is on: her end instant (ISO) is after `now`. */
export function isAvailableNow(availableUntil: string | null | undefined, now: Date = new Date()): boolean {
  return !!availableUntil && Date.parse(availableUntil) > now.getTime();
}

// ---------------------------------------------------------------------------------------------------------------
// Rates: the tags SPEC defines ("1h R$ 150") read into a duration and a price.

const DURATION_HOURS =
  /(\d+(?:[.,]\d+)?)\s*(?:h|hs|hr|hrs|hora|horas)(?![a-z])\s*(?:e\s*)?(?:(\d{1,2})\s*(?:m|min|mins|minutos?)?(?![a-z]))?/i;
const DURATION_MINUTES = /(\d+)\s*(?:m|min|mins|minutos?)(?![a-z])/i;
const HALF_HOUR = /\bmeia\s*hora\b/i;
const PRICE = /R\$\s*([\d.,]+)/i;

/**
 * One rate tag → its duration in minutes (null when it names none: "pernoite") and its price in reais, exact to
 * the cent; null when no price ("R$ …") parses. "30min R$ 100" → { minutes: 30, price: 100 }; "1h R$ 150" →
 * { 60, 150 }; "2 horas R$ 280,50" → { 120, 280.5 }; "1h30 R$ 200" → { 90, 200 }; "pernoite R$ 1.000" →
 * { minutes: null, price: 1000 }.
 */
export function parseRateTag(tag: string): { minutes: number | null; price: number } | null {
  const priceMatch = PRICE.exec(tag);
  const cents = priceMatch ? parseMoney(priceMatch[1].replace(/[.,]$/, "")) : null;
  if (cents === null || cents > MONEY_MAX * 100) return null;
  const label = tag.slice(0, priceMatch!.index) + " " + tag.slice(priceMatch!.index + priceMatch![0].length);
  let minutes: number | null = null;
  const hours = DURATION_HOURS.exec(label);
  if (hours) {
    minutes = Math.round(Number(hours[1].replace(",", ".")) * 60) + (hours[2] ? Number(hours[2]) : 0);
  } else if (HALF_HOUR.test(label)) {
    minutes = 30;
  } else {
    const mins = DURATION_MINUTES.exec(label);
    if (mins) minutes = Number(mins[1]);
  }
  return { minutes: minutes && minutes > 0 ? minutes : null, price: cents / 100 };
}

/**
 * Her lowest price per hour in reais, from the tags whose duration parses: price × 60 / minutes, rounded to the
 * cent. Null when no tag gives one (old profiles keep working: nothing parses → no price on the card).
 */
export function hourlyPriceFrom(tags: readonly string[]): number | null {
  let lowest: number | null = null;
  for (const tag of tags) {
    const rate = parseRateTag(tag);
    if (!rate || rate.minutes === null) continue;
    const cents = Math.round((rate.price * 100 * 60) / rate.minutes);
    if (lowest === null || cents < lowest) lowest = cents;
  }
  return lowest === null ? null : lowest / 100;
}

// ---------------------------------------------------------------------------------------------------------------
// Listing filters: the same Portuguese parameter names in the API query and the page URL.

export const LISTING_ORDERS = ["relevancia", "menor_preco", "maior_preco", "recentes", "mais_vistas"] as const;
export type ListingOrder = (typeof LISTING_ORDERS)[number];
export const LISTING_ORDER_DEFAULT: ListingOrder = "relevancia";
export const LISTING_ORDER_LABELS: Record<ListingOrder, string> = {
  relevancia: "Relevância",
  menor_preco: "Menor preço",
  maior_preco: "Maior preço",
  recentes: "Mais recentes",
  mais_vistas: "Mais vistas",
};

export type ListingFilters = {
  categoria?: number;
  idade_min?: number;
  idade_max?: number;
  /** reais per hour */
  preco_min?: number;
  preco_max?: number;
  /** service names as typed (matched case- and accent-insensitively) */
  servico?: string[];
  atende?: ReceivesAt[];
  bairro?: string;
  verificada?: true;
  com_fotos?: true;
  disponivel?: true;
  ordem: ListingOrder;
};
export type ListingFilterKey = keyof ListingFilters;

/** The parameter names, in the order listingFiltersToSearchParams writes them. */
export const LISTING_FILTER_KEYS = [
  "categoria",
  "idade_min",
  "idade_max",
  "preco_min",
  "preco_max",
  "servico",
  "atende",
  "bairro",
  "verificada",
  "com_fotos",
  "disponivel",
  "ordem",
] as const satisfies readonly ListingFilterKey[];

type Read<T> = { value: T | undefined } | { error: string };
const ok = <T>(value: T | undefined): Read<T> => ({ value });

/** A query value as text: absent, empty or only spaces → undefined; repeated (a list) → an error marker. */
function single(raw: unknown): string | undefined | null {
  if (Array.isArray(raw)) return raw.length === 0 ? undefined : null;
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === "number" || typeof raw === "boolean") raw = String(raw);
  if (typeof raw !== "string") return null;
  const text = raw.trim();
  return text === "" ? undefined : text;
}

/** The parts of a comma list; repeated parameters (a form's checkboxes) add to it. */
function list(raw: unknown): string[] | null {
  const values = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  if (values.some((v) => typeof v !== "string")) return null;
  return (values as string[])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
}

function integer(min: number, max: number, message: string) {
  return (raw: unknown): Read<number> => {
    const text = single(raw);
    if (text === undefined) return ok(undefined);
    if (text === null || !/^\d{1,10}$/.test(text)) return { error: message };
    const n = Number(text);
    return n < min || n > max ? { error: message } : ok(n);
  };
}

function flag(message: string) {
  return (raw: unknown): Read<true> => {
    const text = single(raw);
    if (text === undefined || text === "0" || text === "false") return ok(undefined);
    return text === "1" || text === "true" || text === "on" ? ok(true) : { error: message };
  };
}

/** One reader per parameter: the value it means, or its Portuguese error. */
export const LISTING_FILTER_READERS: { [K in ListingFilterKey]-?: (raw: unknown) => Read<ListingFilters[K]> } = {
  categoria: integer(1, 2_147_483_647, "Categoria inválida"),
  idade_min: integer(LISTING_AGE_MIN, LISTING_AGE_MAX, "Idade mínima inválida"),
  idade_max: integer(LISTING_AGE_MIN, LISTING_AGE_MAX, "Idade máxima inválida"),
  preco_min: integer(0, MONEY_MAX, "Preço mínimo inválido"),
  preco_max: integer(0, MONEY_MAX, "Preço máximo inválido"),
  servico: (raw) => {
    const names = list(raw);
    if (names === null) return { error: "Serviço inválido" };
    if (names.some((n) => n.length > SERVICE_NAME_MAX))
      return { error: `Cada serviço deve ter no máximo ${SERVICE_NAME_MAX} caracteres` };
    const unique = [...new Map(names.map((n) => [normalizeText(n), n])).values()];
    if (unique.length > LISTING_SERVICES_MAX) return { error: `Escolha no máximo ${LISTING_SERVICES_MAX} serviços` };
    return ok(unique.length ? unique : undefined);
  },
  atende: (raw) => {
    const values = list(raw);
    if (values === null || values.some((v) => !(RECEIVES_AT as readonly string[]).includes(v)))
      return { error: "Local de atendimento inválido" };
    const chosen = RECEIVES_AT.filter((r) => values.includes(r));
    return ok(chosen.length ? chosen : undefined);
  },
  bairro: (raw) => {
    const text = single(raw);
    if (text === null) return { error: "Bairro inválido" };
    if (text !== undefined && text.length > NEIGHBORHOOD_MAX)
      return { error: `Bairro: no máximo ${NEIGHBORHOOD_MAX} caracteres` };
    return ok(text);
  },
  verificada: flag("Valor inválido para verificada"),
  com_fotos: flag("Valor inválido para com fotos"),
  disponivel: flag("Valor inválido para disponível"),
  ordem: (raw) => {
    const text = single(raw);
    if (text === undefined) return ok(LISTING_ORDER_DEFAULT);
    return text !== null && (LISTING_ORDERS as readonly string[]).includes(text)
      ? ok(text as ListingOrder)
      : { error: "Ordem inválida" };
  },
};

/** The checks across two parameters (a range whose minimum is above its maximum). */
export function listingRangeErrors(filters: Partial<ListingFilters>): { path: ListingFilterKey; message: string }[] {
  const errors: { path: ListingFilterKey; message: string }[] = [];
  if (filters.idade_min !== undefined && filters.idade_max !== undefined && filters.idade_min > filters.idade_max)
    errors.push({ path: "idade_min", message: "A idade mínima deve ser menor que a máxima" });
  if (filters.preco_min !== undefined && filters.preco_max !== undefined && filters.preco_min > filters.preco_max)
    errors.push({ path: "preco_min", message: "O preço mínimo deve ser menor que o máximo" });
  return errors;
}

/**
 * The filters of a page URL or query, without zod (the public pages read their URL with it; the API validates
 * with ListingFiltersSchema, which uses the same readers). Invalid parameters are left out of `filters` and
 * listed in `errors`.
 */
export function readListingFilters(input: URLSearchParams | Record<string, unknown>): {
  filters: ListingFilters;
  errors: { path: ListingFilterKey; message: string }[];
} {
  const get = (key: string): unknown => {
    if (input instanceof URLSearchParams) {
      const all = input.getAll(key);
      return all.length > 1 ? all : all[0];
    }
    return input[key];
  };
  const filters: Record<string, unknown> = {};
  const errors: { path: ListingFilterKey; message: string }[] = [];
  for (const key of LISTING_FILTER_KEYS) {
    const raw = get(key);
    const result = LISTING_FILTER_READERS[key](raw) as Read<unknown>;
    if ("error" in result) errors.push({ path: key, message: result.error });
    else if (result.value !== undefined) filters[key] = result.value;
  }
  const read = { ordem: LISTING_ORDER_DEFAULT, ...filters } as ListingFilters;
  const rangeErrors = listingRangeErrors(read);
  for (const e of rangeErrors) delete read[e.path];
  return { filters: read, errors: [...errors, ...rangeErrors] };
}

/** True when any filter or a non-default order is chosen (the page shows "Limpar filtros"; canonical → plain page). */
export function hasListingFilters(filters: Partial<ListingFilters>): boolean {
  return LISTING_FILTER_KEYS.some((key) =>
    key === "ordem" ? (filters.ordem ?? LISTING_ORDER_DEFAULT) !== LISTING_ORDER_DEFAULT : filters[key] !== undefined,
  );
}

/**
 * The filters as URL parameters: only non-default values, in LISTING_FILTER_KEYS order, lists joined by commas
 * (so the same choice is always the same URL and the same cache key).
 */
export function listingFiltersToSearchParams(filters: Partial<ListingFilters>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of LISTING_FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined) continue;
    if (key === "ordem" && value === LISTING_ORDER_DEFAULT) continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(","));
    } else if (value === true) {
      params.set(key, "1");
    } else {
      params.set(key, String(value));
    }
  }
  return params;
}
