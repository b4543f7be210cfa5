import { type City, photoUrl } from "@vitrine/contracts";
import { Link } from "@/lib/router";
import { Spinner } from "@/components/ui";
import { type CityPreview, useCityPreviews } from "../api/get-city-preview";
import { cityTarget } from "../lib/city-navigation";

/** The dropdown body of the header city search: status line, then one preview card per city with a photo. */
export function CitySearchResults({
  isSearching,
  cities,
  onPicked,
}: {
  isSearching: boolean;
  cities: City[];
  onPicked: () => void;
}) {
  const { previews, isLoading } = useCityPreviews(cities);

  if (isSearching) {
    return (
      <p role="status" className="flex items-center gap-2.5 px-4 py-3.5 text-sm text-ink-muted">
        <Spinner size="sm" className="text-accent" />
        Buscando cidades...
      </p>
    );
  }

  return (
    <div>
      <p role="status" className="border-b border-line/70 px-4 py-3 text-xs font-medium tracking-wide text-ink-subtle">
        {cities.length > 0 ? `${cities.length} cidade(s) encontrada(s)` : "Nenhuma cidade encontrada"}
      </p>
      {cities.length > 0 && (
        <div className="max-h-[min(60vh,26rem)] overflow-y-auto overscroll-contain p-2">
          {previews.length > 0 && (
            <ul className="flex flex-col gap-1" aria-label="Cidades encontradas">
              {previews.map((preview) => (
                <li key={preview.city.id}>
                  <PreviewCard preview={preview} onPicked={onPicked} />
                </li>
              ))}
            </ul>
          )}
          {isLoading ? (
            <p className="flex items-center gap-2.5 px-2 py-2.5 text-sm text-ink-muted">
              <Spinner size="sm" className="text-accent" />
              Carregando prévias...
            </p>
          ) : (
            previews.length === 0 && (
              <p className="px-2 py-2.5 text-sm text-ink-muted">Sem cidades com fotos nesta busca.</p>
            )
          )}
        </div>
      )}
    </div>
  );
}

function PreviewCard({ preview, onPicked }: { preview: CityPreview; onPicked: () => void }) {
  const { city, model } = preview;
  const target = cityTarget(city);
  return (
    <Link
      to={target.to}
      state={target.state}
      onClick={onPicked}
      data-city-option
      className="group flex items-center gap-3 rounded-xl p-2 transition-colors outline-none hover:bg-surface-3 focus-visible:bg-surface-3 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent"
    >
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
    </Link>
  );
}
