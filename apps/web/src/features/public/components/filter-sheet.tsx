import { LISTING_ORDER_DEFAULT, type ListingFilters, listingFiltersToSearchParams, plural } from "@vitrine/contracts";
import { useId, useRef, useState } from "react";
import { Button, Modal } from "@/components/ui";
import { useDebouncedValue } from "@/features/cities/hooks/use-debounced-value";
import { useNavigate } from "@/lib/router";
import { usePublicModelsCount } from "../api/get-public-models";
import { formParams, listingQueryOf } from "../lib/listing-url";
import { FilterFields, type FilterOptions, type ListingPage, listingHref } from "./filter-fields";

/** The count waits until the choice stops changing this long (typing a price asks once, not per digit). */
const COUNT_DELAY_MS = 300;

/**
 * The phone's filter sheet (loaded when first opened): the filter fields, the number of results the choice finds
 * before it is applied ("Ver 37 resultados", with counts per option), "Limpar filtros" (empties the fields) and
 * applying, which navigates like the bar.
 */
export function FilterSheet({
  page,
  filters,
  options,
  onClose,
}: {
  page: ListingPage;
  filters: ListingFilters;
  options: FilterOptions;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // The fields' first values: the page's filters, then none after "Limpar filtros" (the fields are drawn anew).
  const [fields, setFields] = useState({ filters, key: 0 });
  const [choice, setChoice] = useState(() => listingFiltersToSearchParams(filters).toString());
  const asked = useDebouncedValue(choice, COUNT_DELAY_MS);
  const count = usePublicModelsCount({ cityId: page.cityId, search: page.search, filters: asked });
  const total = asked === choice ? count.data?.total : undefined;
  const update = () => formRef.current && setChoice(listingQueryOf(formParams(formRef.current)));

  return (
    <Modal
      open
      onClose={onClose}
      title="Filtros"
      footer={
        <>
          <Button
            variant="ghost"
            onClick={() => {
              setFields({ filters: { ordem: LISTING_ORDER_DEFAULT }, key: fields.key + 1 });
              setChoice("");
            }}
          >
            Limpar filtros
          </Button>
          <Button type="submit" form={formId} aria-live="polite">
            {total === undefined ? "Ver resultados" : `Ver ${plural(total, "resultado", "resultados")}`}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        ref={formRef}
        key={fields.key}
        onChange={update}
        onInput={update}
        onSubmit={(event) => {
          event.preventDefault();
          navigate(listingHref(page, formParams(event.currentTarget)), { preventScrollReset: true });
          onClose();
        }}
      >
        <FilterFields filters={fields.filters} {...options} facets={count.data?.facets ?? options.facets} />
        {count.error && (
          <p role="alert" className="mt-4 text-sm text-danger">
            {count.error.message}
          </p>
        )}
      </form>
    </Modal>
  );
}
