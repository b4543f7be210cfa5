import {
  AVAILABLE_NOW_LABEL,
  LISTING_AGE_MAX,
  LISTING_AGE_MIN,
  LISTING_ORDER_LABELS,
  LISTING_ORDERS,
  type ListingFacets,
  type ListingFilters,
  NEIGHBORHOOD_MAX,
  RECEIVES_AT,
  RECEIVES_AT_LABELS,
  VERIFIED_BADGE_LABEL,
} from "@vitrine/contracts";
import { type ReactNode, useId } from "react";
import { listingQueryOf } from "../lib/listing-url";

/** A filter form's options: the categories and the admin's service names, and counts per option when known. */
export type FilterOptions = {
  categories: { id: number; name: string }[];
  services: string[];
  facets?: ListingFacets;
};

/** The listing page the filters belong to: its path, its own parameters (search, city) and what it shows. */
export type ListingPage = { pathname: string; kept: [string, string][]; cityId: number | null; search: string | null };

/** The address of the page with `data`'s filters (a form's fields) and the page's own parameters. */
export const listingHref = (page: ListingPage, data: URLSearchParams) => {
  for (const [key, value] of page.kept) data.set(key, value);
  const query = listingQueryOf(data);
  return query ? `${page.pathname}?${query}` : page.pathname;
};

/**
 * The filter fields, uncontrolled (their first values are `filters`): a plain form reads them, with or without
 * JavaScript. Laid out in a row from a wide container (the bar), one column in a narrow one (the phone sheet).
 */
export function FilterFields({ filters, categories, services, facets }: { filters: ListingFilters } & FilterOptions) {
  const id = useId();
  const count = (n: number | undefined) => (n === undefined ? null : <span className="tabular-nums">({n})</span>);
  return (
    <div className="@container">
      <div className="grid gap-x-4 gap-y-5 @3xl:grid-cols-5">
        <div>
          <label htmlFor={`${id}c`} className="filter-label">
            Categoria
          </label>
          <select id={`${id}c`} name="categoria" defaultValue={filters.categoria ?? ""} className="filter-control">
            <option value="">Todas</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <Range legend="Idade" name="idade" min={LISTING_AGE_MIN} max={LISTING_AGE_MAX} filters={filters} />
        <Range legend="Preço por hora (R$)" name="preco" min={0} filters={filters} />
        <div>
          <label htmlFor={`${id}b`} className="filter-label">
            Bairro ou região
          </label>
          <input
            id={`${id}b`}
            name="bairro"
            type="search"
            maxLength={NEIGHBORHOOD_MAX}
            defaultValue={filters.bairro ?? ""}
            placeholder="Ex.: Moema"
            className="filter-control"
          />
        </div>
        <div>
          <label htmlFor={`${id}o`} className="filter-label">
            Ordenar por
          </label>
          <select id={`${id}o`} name="ordem" defaultValue={filters.ordem} className="filter-control">
            {LISTING_ORDERS.map((o) => (
              <option key={o} value={o}>
                {LISTING_ORDER_LABELS[o]}
              </option>
            ))}
          </select>
        </div>
        <Chips legend="Atende em" className="@3xl:col-span-2">
          {RECEIVES_AT.map((r) => (
            <Chip key={r} name="atende" value={r} checked={!!filters.atende?.includes(r)}>
              {RECEIVES_AT_LABELS[r]} {count(facets?.atende[r])}
            </Chip>
          ))}
        </Chips>
        <Chips legend="Mostrar só" className="@3xl:col-span-3">
          <Chip name="disponivel" value="1" checked={!!filters.disponivel}>
            {AVAILABLE_NOW_LABEL} {count(facets?.disponivel)}
          </Chip>
          <Chip name="verificada" value="1" checked={!!filters.verificada}>
            {VERIFIED_BADGE_LABEL} {count(facets?.verificada)}
          </Chip>
          <Chip name="com_fotos" value="1" checked={!!filters.com_fotos}>
            Com fotos {count(facets?.com_fotos)}
          </Chip>
        </Chips>
        {services.length > 0 && (
          <Chips legend="Serviços" className="@3xl:col-span-5">
            {services.map((s) => (
              <Chip key={s} name="servico" value={s} checked={!!filters.servico?.includes(s)}>
                {s}
              </Chip>
            ))}
          </Chips>
        )}
      </div>
    </div>
  );
}

function Range({
  legend,
  name,
  min,
  max,
  filters,
}: {
  legend: string;
  name: "idade" | "preco";
  min: number;
  max?: number;
  filters: ListingFilters;
}) {
  const input = (end: "min" | "max", label: string) => (
    <input
      name={`${name}_${end}`}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      defaultValue={filters[`${name}_${end}`] ?? ""}
      placeholder={end === "min" ? "Mín." : "Máx."}
      aria-label={`${legend}: ${label}`}
      className="filter-control"
    />
  );
  return (
    <fieldset>
      <legend className="filter-label">{legend}</legend>
      <div className="flex items-center gap-2">
        {input("min", "mínimo")}
        <span aria-hidden className="text-ink-subtle">
          –
        </span>
        {input("max", "máximo")}
      </div>
    </fieldset>
  );
}

function Chips({ legend, className, children }: { legend: string; className?: string; children: ReactNode }) {
  return (
    <fieldset className={className}>
      <legend className="filter-label">{legend}</legend>
      <div className="flex flex-wrap gap-2">{children}</div>
    </fieldset>
  );
}

function Chip({
  name,
  value,
  checked,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  children: ReactNode;
}) {
  return (
    <label className="filter-chip">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} className="sr-only" />
      {children}
    </label>
  );
}
