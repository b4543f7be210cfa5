import {
  CARD_SERVICES_MAX,
  type ModelCard as ModelCardData,
  modelProfilePath,
  photoSrcSet,
  photoUrl,
  POPULAR_VIEWS_THRESHOLD,
  splitServices,
} from "@vitrine/contracts";
import { Link } from "@/lib/router";
import { Badge } from "@/components/ui";
import { formatCount } from "../lib/format";
import { CameraIcon, ChatIcon, EyeIcon, FlameIcon, PinIcon, StarIcon } from "./icons";

/** The grid is 1 column on phones, 2 from 480 px, 3 from 1024 px, 4 from 1280 px (max-w-7xl container). */
export const CARD_SIZES = "(min-width: 1280px) 300px, (min-width: 1024px) 31vw, (min-width: 480px) 48vw, 94vw";

/**
 * Model card: badges, primary photo (or "Foto em breve"), views and contacts on hover, name, age,
 * city and state, category, two-line description, up to 3 services plus "+N mais", "Ver Perfil".
 * `eager` is for the first row (above the fold); the rest load lazily. The photo box has a fixed 3:4 ratio
 * so nothing moves while images arrive.
 */
export function ModelCard({ model, eager = false }: { model: ModelCardData; eager?: boolean }) {
  const services = splitServices(model.services);
  const shown = services.slice(0, CARD_SERVICES_MAX);
  const more = services.length - shown.length;
  const isPopular = model.views_count > POPULAR_VIEWS_THRESHOLD;

  return (
    <article className="group relative h-full" data-testid="model-card">
      <Link
        to={modelProfilePath(model)}
        aria-label={`${model.name}, ${model.age} anos, ${model.city_name} - ${model.state}: Ver Perfil`}
        className="flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-elevated transition duration-300 outline-none hover:-translate-y-0.5 hover:border-accent/45 focus-visible:border-accent/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        <div className="relative aspect-[3/4] overflow-hidden bg-surface-2">
          {model.primary_photo ? (
            <img
              src={photoUrl(model.primary_photo, 800)}
              srcSet={photoSrcSet(model.primary_photo)}
              sizes={CARD_SIZES}
              alt={model.name}
              width={600}
              height={800}
              loading={eager ? "eager" : "lazy"}
              fetchPriority={eager ? "high" : undefined}
              decoding="async"
              className="absolute inset-0 size-full object-cover transition-transform duration-700 ease-out group-hover:scale-[1.04]"
            />
          ) : (
            <PhotoPlaceholder />
          )}
          <div
            aria-hidden
            className="pointer-events-none absolute inset-x-0 bottom-0 h-2/5 bg-gradient-to-t from-black/75 via-black/25 to-transparent"
          />
          {(model.is_featured || isPopular) && (
            <div className="absolute top-3 left-3 flex flex-wrap gap-1.5">
              {model.is_featured && (
                <Badge variant="accent" className="border-accent/60 bg-black/55 backdrop-blur-md">
                  <StarIcon className="size-3" />
                  Destaque
                </Badge>
              )}
              {isPopular && (
                <Badge className="border-white/15 bg-black/55 text-ink backdrop-blur-md">
                  <FlameIcon className="size-3 text-accent" />
                  Popular
                </Badge>
              )}
            </div>
          )}
          <dl className="absolute inset-x-3 bottom-3 flex items-center gap-4 text-xs text-ink opacity-0 transition-opacity duration-300 group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100">
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">Visualizações</dt>
              <EyeIcon className="size-4 text-accent" />
              <dd>{formatCount(model.views_count)}</dd>
            </div>
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">Contatos</dt>
              <ChatIcon className="size-4 text-accent" />
              <dd>{formatCount(model.contact_count)}</dd>
            </div>
          </dl>
        </div>

        <div className="flex flex-1 flex-col p-4 sm:p-5">
          <h3 className="truncate font-display text-2xl leading-tight font-semibold text-ink">{model.name}</h3>
          <p className="mt-1.5 flex min-w-0 items-center gap-2 text-sm text-ink-muted">
            <span className="shrink-0 text-ink">{model.age} anos</span>
            <span aria-hidden className="size-1 shrink-0 rounded-full bg-line-strong" />
            <PinIcon className="size-3.5 shrink-0 text-accent" />
            <span className="truncate">
              {model.city_name}, {model.state}
            </span>
          </p>
          {model.category_name && (
            <p className="mt-2.5 text-[0.7rem] font-semibold tracking-[0.18em] text-accent uppercase">
              {model.category_name}
            </p>
          )}
          {model.description && (
            <p className="mt-1.5 line-clamp-2 text-sm leading-relaxed text-ink-muted">{model.description}</p>
          )}
          {shown.length > 0 && (
            <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Serviços">
              {shown.map((service) => (
                <li
                  key={service}
                  className="max-w-full truncate rounded-full border border-line bg-surface-2 px-2.5 py-0.5 text-xs text-ink-muted"
                >
                  {service}
                </li>
              ))}
              {more > 0 && <li className="px-1 py-0.5 text-xs text-accent">+{more} mais</li>}
            </ul>
          )}
          <span className="mt-auto pt-4">
            <span className="flex h-10 w-full items-center justify-center rounded-full border border-accent/45 text-sm font-medium tracking-wide text-accent transition-colors group-hover:bg-accent group-hover:text-accent-ink">
              Ver Perfil
            </span>
          </span>
        </div>
      </Link>
    </article>
  );
}

/** Shown in place of a missing primary photo. */
export function PhotoPlaceholder({ label = "Foto em breve" }: { label?: string }) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-[radial-gradient(120%_80%_at_50%_0%,rgb(217_180_108/0.14),transparent_60%),linear-gradient(160deg,#1d1a22,#111014)] text-ink-subtle">
      <span className="flex size-14 items-center justify-center rounded-full border border-accent/30 bg-accent-soft text-accent">
        <CameraIcon className="size-6" />
      </span>
      <span className="text-sm tracking-wide">{label}</span>
    </div>
  );
}
