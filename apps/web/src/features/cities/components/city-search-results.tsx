import { photoUrl, plural } from "@vitrine/contracts";
import { Link } from "@/lib/router";
import { Spinner } from "@/components/ui";
import type { CityPreview } from "../api/get-city-preview";
import { cityTarget, modelSearchPath } from "../lib/city-navigation";
import { SearchIcon } from "./search-icon";

const OPTION_CLASSES =
  "group flex items-center gap-3 rounded-xl p-2 transition-colors hover:bg-surface-3 focus-visible:bg-surface-3";

/**
 * The dropdown body of the header city search: a status line counting the cities shown (only those with a
 * preview card), the cards, then the model search for the same text.
 */
export function CitySearchResults({
  term,
  isSearching,
  citiesFound,
  previews,
  previewsLoading,
  onPicked,
}: {
  term: string;
  isSearching: boolean;
  /** Cities the search answered, with or without models. */
  citiesFound: number;
  previews: CityPreview[];
  previewsLoading: boolean;
  onPicked: () => void;
}) {
  const status = isSearching ? (
    <>
      <Spinner size="sm" className="text-accent" />
      Buscando cidades...
    </>
  ) : previewsLoading ? (
    <>
      <Spinner size="sm" className="text-accent" />
      Carregando prévias...
    </>
  ) : citiesFound === 0 ? (
    "Nenhuma cidade encontrada"
  ) : previews.length === 0 ? (
    "Sem cidades com fotos nesta busca."
  ) : (
    plural(previews.length, "cidade encontrada", "cidades encontradas")
  );

  return (
    <div>
      <p
        role="status"
        data-testid="city-search-status"
        className="flex items-center gap-2.5 border-b border-line/70 px-4 py-3 text-xs font-medium tracking-wide text-ink-subtle"
      >
        {status}
      </p>
      <div className="max-h-[min(60vh,26rem)] overflow-y-auto overscroll-contain p-2">
        {previews.length > 0 && (
          <ul className="mb-1 flex flex-col gap-1 border-b border-line/70 pb-1" aria-label="Cidades encontradas">
            {previews.map((preview) => (
              <li key={preview.city.id}>
                <PreviewCard preview={preview} onPicked={onPicked} />
              </li>
            ))}
          </ul>
        )}
        <Link to={modelSearchPath(term)} onClick={onPicked} data-city-option className={OPTION_CLASSES}>
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-surface-3 text-accent ring-1 ring-line">
            <SearchIcon className="size-4" />
          </span>
          <span className="min-w-0 flex-1 truncate text-sm text-ink">{`Buscar modelos por “${term}”`}</span>
          <ArrowIcon />
        </Link>
      </div>
    </div>
  );
}

function PreviewCard({ preview, onPicked }: { preview: CityPreview; onPicked: () => void }) {
  const { city, model } = preview;
  const target = cityTarget(city);
  return (
    <Link to={target.to} state={target.state} onClick={onPicked} data-city-option className={OPTION_CLASSES}>
      <span className="relative h-16 w-12 shrink-0 overflow-hidden rounded-lg bg-surface-3 ring-1 ring-line">
        {model.primary_photo && (
          <img
            src={photoUrl(model.primary_photo, 400)}
            alt=""
            width={48}
            height={64}
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
        )}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-ink">{`${city.name} - ${city.state}`}</span>
        <span className="mt-0.5 block truncate text-xs text-ink-muted">{model.name}</span>
      </span>
      <ArrowIcon />
    </Link>
  );
}

function ArrowIcon() {
  return (
    <svg
      aria-hidden
      viewBox="0 0 20 20"
      className="size-4 shrink-0 text-ink-subtle transition-colors group-hover:text-accent"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path d="m8 5 5 5-5 5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
