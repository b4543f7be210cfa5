import { photoSrcSet, photoUrl, plural, type PublicModel, type PublicPhoto } from "@vitrine/contracts";
import { Badge } from "@/components/ui";
import { FavouriteButton } from "../favourite-button";
import { formatHeight, formatWeight } from "@/features/public/lib/format";
import { ExpandIcon, EyeIcon, PinIcon, StarIcon } from "../icons";
import { PhotoPlaceholder } from "../model-card";
import { ContactButtons } from "./contact-buttons";
import { SafetyAdvice } from "./safety-advice";
import { AvailableBadge } from "../available-badge";
import { TourLabel } from "../tour-label";
import { VerifiedBadge } from "../verified-badge";

/** One column per fact (classes, not a style attribute: the server's HTML carries no inline style). */
const FACT_COLUMNS = ["grid-cols-1", "grid-cols-2", "grid-cols-3"];

/** The main photo is full width on phones, 40% of the row from 768 px, 440 px in the widest container. */
export const PROFILE_PHOTO_SIZES = "(min-width: 1152px) 440px, (min-width: 768px) 40vw, 100vw";

/**
 * The top of the profile: the main photo ("Foto Principal", opens the lightbox) beside the name, age,
 * featured badge, city/state, views, description, height, weight, measurements, the contact buttons and the
 * safety advice.
 */
export function ProfileSummary({
  model,
  whatsappHref,
  mainPhoto,
  onOpenPhoto,
}: {
  model: PublicModel;
  /** wa.me link with the visitor's greeting, when the model has a WhatsApp number. */
  whatsappHref: string | null;
  mainPhoto: PublicPhoto | null;
  onOpenPhoto: () => void;
}) {
  const facts = [
    model.height ? { label: "Altura", value: formatHeight(model.height) } : null,
    model.weight ? { label: "Peso", value: formatWeight(model.weight) } : null,
    model.measurements ? { label: "Medidas", value: model.measurements } : null,
  ].filter((f) => f !== null);

  return (
    <div className="grid gap-8 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-14">
      <figure className="relative self-start">
        <div className="relative aspect-[4/5] overflow-hidden rounded-3xl border border-line bg-surface-2 shadow-elevated">
          {mainPhoto ? (
            <button
              type="button"
              onClick={onOpenPhoto}
              aria-label="Ampliar foto principal"
              className="group absolute inset-0 cursor-zoom-in"
            >
              <img
                src={photoUrl(mainPhoto.filename, 800)}
                srcSet={photoSrcSet(mainPhoto.filename)}
                sizes={PROFILE_PHOTO_SIZES}
                width={mainPhoto.width}
                height={mainPhoto.height}
                alt={`${model.name} — foto principal`}
                fetchPriority="high"
                className="size-full object-cover transition-transform duration-700 group-hover:scale-[1.03]"
              />
              <span className="absolute right-4 bottom-4 flex size-10 items-center justify-center rounded-full bg-black/55 text-ink opacity-80 backdrop-blur transition-opacity group-hover:opacity-100">
                <ExpandIcon className="size-4" />
              </span>
            </button>
          ) : (
            <PhotoPlaceholder />
          )}
        </div>
        <figcaption className="absolute top-4 left-4">
          <Badge className="border-white/15 bg-black/55 text-ink backdrop-blur-md">Foto Principal</Badge>
        </figcaption>
        <FavouriteButton modelId={model.id} className="absolute top-3 right-3 size-11" />
      </figure>

      <div className="flex min-w-0 flex-col">
        {(model.is_featured || model.is_verified || model.available_until) && (
          <div className="mb-4 flex flex-wrap gap-2">
            <AvailableBadge until={model.available_until} />
            {model.is_verified && <VerifiedBadge />}
            {model.is_featured && (
              <Badge variant="accent">
                <StarIcon className="size-3" />
                Destaque
              </Badge>
            )}
          </div>
        )}
        <h1 className="font-display text-4xl leading-tight font-semibold break-words text-ink sm:text-5xl">
          {model.name}
        </h1>
        <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-ink-muted">
          <span className="text-lg text-ink">{model.age} anos</span>
          <span className="flex items-center gap-1.5">
            <PinIcon className="size-4 text-accent" />
            {model.city_name} - {model.state}
          </span>
          <span className="flex items-center gap-1.5 text-sm" data-testid="profile-views">
            <EyeIcon className="size-4 text-accent" />
            {plural(model.views_count, "visualização", "visualizações")}
          </span>
        </div>
        <TourLabel tour={model.tour} className="mt-3 text-sm" />
        {model.category_name && (
          <p className="mt-4 text-xs font-semibold tracking-[0.2em] text-accent uppercase">{model.category_name}</p>
        )}

        {model.description && (
          <p className="mt-6 text-[0.975rem] leading-relaxed break-words whitespace-pre-line text-ink-muted">
            {model.description}
          </p>
        )}

        {facts.length > 0 && (
          <dl
            className={`mt-8 grid divide-x divide-line overflow-hidden rounded-2xl border border-line bg-surface ${FACT_COLUMNS[facts.length - 1]}`}
          >
            {facts.map((fact) => (
              <div key={fact.label} className="min-w-0 px-2 py-4 text-center sm:px-4">
                <dt className="text-[0.65rem] font-semibold tracking-[0.2em] text-ink-subtle uppercase">
                  {fact.label}
                </dt>
                <dd className="mt-1 font-display text-lg break-words text-ink sm:text-xl">{fact.value}</dd>
              </div>
            ))}
          </dl>
        )}

        <div className="mt-8">
          <ContactButtons model={model} whatsappHref={whatsappHref} />
        </div>
        <SafetyAdvice className="mt-6" />
      </div>
    </div>
  );
}
