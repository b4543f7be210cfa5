import {
  BOOST_PUBLIC_MARKS,
  CARD_SERVICES_MAX,
  type ModelCard as ModelCardData,
  modelProfilePath,
  photoSrcSet,
  photoUrl,
  POPULAR_VIEWS_THRESHOLD,
  splitServices,
} from "@vitrine/contracts";
import { useEffect, useRef } from "react";
import { Link } from "@/lib/router";
import { Badge } from "@/components/ui";
import { FavouriteButton } from "./favourite-button";
import { formatCount, formatHourlyPrice } from "../lib/format";
import { noteCardClick, observeCard } from "../lib/analytics-beacon";
import { AvailableBadge } from "./available-badge";
import { TourLabel } from "./tour-label";
import { CameraIcon, ChatIcon, EyeIcon, FlameIcon, PinIcon, StarIcon } from "./icons";
import { VerifiedBadge } from "./verified-badge";

/**
 * The grid is 2 columns up to 1024 px (compact cards on phones: a 390 px phone shows a card ~175 px wide), 3 from
 * 1024 px, 4 from 1280 px (max-w-7xl container). The page's side padding and the gap leave each card under 47vw.
 */
export const CARD_SIZES = "(min-width: 1280px) 300px, (min-width: 1024px) 31vw, 47vw";

/**
 * Model card: badges, primary photo (or "Foto em breve"), views and contacts on hover, name, "Verificada" and
 * "Disponível agora" (while it lasts), age, city and state, her lowest hourly price ("a partir de R$ 150/h"),
 * category, two-line description, up to 3 services plus "+N mais", "Ver Perfil". Below 640 px (two columns on a
 * phone) the card is compact: the badges, name, age, city, price and category, without the description, services
 * and "Ver Perfil" (the whole card opens the profile). The link is the name (its accessible name is the visible
 * name) and covers the whole card, so a click anywhere opens the profile; the card shows the focus ring when the
 * link has the keyboard focus.
 * `loading`: "first" for the first card (its photo may be the largest paint: fetched first, with a high priority),
 * "eager" for the rest of the first row, "lazy" below. The photo box has a fixed 3:4 ratio so nothing moves while
 * images arrive.
 */
export function ModelCard({
  model,
  loading = "lazy",
  pageCityId = null,
}: {
  model: ModelCardData;
  loading?: "first" | "eager" | "lazy";
  /** The city whose page lists the card, if any: her tour's label depends on it (TourLabel). */
  pageCityId?: number | null;
}) {
  const services = splitServices(model.services);
  const shown = services.slice(0, CARD_SERVICES_MAX);
  const more = services.length - shown.length;
  const isPopular = model.views_count > POPULAR_VIEWS_THRESHOLD;
  // Her analytics: the card shown (half in view) and clicked, sent in one beacon per page view.
  const cardRef = useRef<HTMLElement>(null);
  useEffect(() => (cardRef.current ? observeCard(cardRef.current, model.id) : undefined), [model.id]);

  return (
    <article ref={cardRef} className="group card-frame" data-testid="model-card">
      <div className="card-media">
        {model.primary_photo ? (
          <img
            src={photoUrl(model.primary_photo, 800)}
            srcSet={photoSrcSet(model.primary_photo)}
            sizes={CARD_SIZES}
            alt={model.name}
            width={600}
            height={800}
            loading={loading === "lazy" ? "lazy" : "eager"}
            fetchPriority={loading === "first" ? "high" : undefined}
            decoding="async"
            className="card-photo"
          />
        ) : (
          <PhotoPlaceholder />
        )}
        <div aria-hidden className="card-shade" />
        {(model.is_featured || model.boost || isPopular) && (
          <div className="card-badges">
            {(model.is_featured || model.boost) && (
              <Badge variant="accent" className="border-accent/60 bg-black/55 backdrop-blur-md">
                <StarIcon className="size-3" />
                {model.boost ? BOOST_PUBLIC_MARKS[model.boost] : "Destaque"}
                {/* A paid boost placed this card: always said (the order's rules: /como-ordenamos). */}
                {model.boost && <span className="sr-only"> (anúncio pago)</span>}
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
        <FavouriteButton modelId={model.id} className="absolute top-2 right-2 size-10 sm:top-3 sm:right-3" />
        <dl className="card-stats">
          <div className="card-stat">
            <dt className="sr-only">Visualizações</dt>
            <EyeIcon className="size-4 text-accent" />
            <dd>{formatCount(model.views_count)}</dd>
          </div>
          <div className="card-stat">
            <dt className="sr-only">Contatos</dt>
            <ChatIcon className="size-4 text-accent" />
            <dd>{formatCount(model.contact_count)}</dd>
          </div>
        </dl>
      </div>

      <div className="card-body">
        <h3 className="card-name">
          <Link to={modelProfilePath(model)} className="card-link" onClick={() => noteCardClick(model.id)}>
            {model.name}
          </Link>
        </h3>
        {(model.is_verified || model.available_until) && (
          <div className="mt-1.5 flex flex-wrap gap-1">
            {model.is_verified && <VerifiedBadge />}
            <AvailableBadge until={model.available_until} />
          </div>
        )}
        <TourLabel tour={model.tour} pageCityId={pageCityId} className="mt-1.5" />
        <p className="card-place">
          <span className="shrink-0 text-ink">{`${model.age} anos`}</span>
          <span aria-hidden className="card-dot" />
          <span className="card-city">
            <PinIcon className="size-3.5 shrink-0 text-accent" />
            <span className="truncate">{`${model.city_name}, ${model.state}`}</span>
          </span>
        </p>
        {model.price_from !== null && (
          <p className="card-price">
            a partir de <span className="font-medium text-ink">{formatHourlyPrice(model.price_from)}</span>
          </p>
        )}
        {model.category_name && <p className="card-category">{model.category_name}</p>}
        {model.description && <p className="card-text">{model.description}</p>}
        {shown.length > 0 && (
          <ul className="card-services" aria-label="Serviços">
            {shown.map((service) => (
              <li key={service} className="card-service">
                {service}
              </li>
            ))}
            {more > 0 && <li className="px-1 py-0.5 text-xs text-accent">+{more} mais</li>}
          </ul>
        )}
        <span aria-hidden="true" className="card-cta-row">
          <span className="card-cta">Ver Perfil</span>
        </span>
      </div>
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
