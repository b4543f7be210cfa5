import {
  formatBRL,
  parseRates,
  photoSrcSet,
  photoUrl,
  type PublicModel,
  type PublicPhoto,
  type PublicProduct,
  splitServices,
} from "@vitrine/contracts";
import type { ReactNode } from "react";
import { Link } from "@/lib/router";
import { Badge, buttonClasses } from "@/components/ui";
import { appPaths } from "@/lib/public-paths";

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="border-t border-line/70 pt-10">
      <h2 id={id} className="mb-6 font-display text-3xl font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** "Galeria de Fotos": every public photo (primary first, labelled "Principal"); a click opens the lightbox. */
export function GallerySection({
  photos,
  modelName,
  onOpen,
}: {
  photos: PublicPhoto[];
  modelName: string;
  onOpen: (index: number) => void;
}) {
  if (photos.length === 0) return null;
  return (
    <Section title="Galeria de Fotos" id="galeria">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <button
              type="button"
              onClick={() => onOpen(i)}
              // The name holds the visible badge's text ("Principal") too: the name a voice user reads is in it.
              aria-label={`Abrir foto ${i + 1} de ${photos.length}${i === 0 ? ", Principal" : ""}`}
              className="group relative block aspect-[3/4] w-full cursor-zoom-in overflow-hidden rounded-2xl border border-line bg-surface-2 transition-colors hover:border-accent/50"
            >
              <img
                src={photoUrl(photo.filename, 400)}
                srcSet={photoSrcSet(photo.filename)}
                sizes="(min-width: 1024px) 270px, (min-width: 640px) 31vw, 48vw"
                width={photo.width}
                height={photo.height}
                alt={`${modelName} — foto ${i + 1}`}
                loading="lazy"
                decoding="async"
                className="absolute inset-0 size-full object-cover transition-transform duration-500 group-hover:scale-[1.04]"
              />
              {i === 0 && (
                <Badge
                  variant="accent"
                  className="absolute top-2.5 left-2.5 border-accent/60 bg-black/60 backdrop-blur"
                >
                  Principal
                </Badge>
              )}
            </button>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** "Produtos Disponíveis": name, description, price (R$ with 2 decimals) and "Comprar" → /checkout/{id}. */
export function ProductsSection({ products }: { products: PublicProduct[] }) {
  if (products.length === 0) return null;
  return (
    <Section title="Produtos Disponíveis" id="produtos">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {products.map((product) => (
          <li key={product.id} className="flex flex-col rounded-2xl border border-line bg-surface p-5 shadow-elevated">
            <h3 className="font-display text-xl font-semibold text-ink">{product.name}</h3>
            {product.description && (
              <p className="mt-2 flex-1 text-sm leading-relaxed whitespace-pre-line text-ink-muted">
                {product.description}
              </p>
            )}
            <div className="mt-5 flex items-center justify-between gap-3">
              <span className="font-display text-2xl text-accent">{formatBRL(product.price)}</span>
              <Link to={appPaths.checkout(product.id)} className={buttonClasses({ size: "sm" })}>
                Comprar
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** "Serviços": the comma-separated list. */
export function ServicesSection({ model }: { model: PublicModel }) {
  const services = splitServices(model.services);
  if (services.length === 0) return null;
  return (
    <Section title="Serviços" id="servicos">
      <p className="leading-relaxed text-ink-muted">{services.join(", ")}</p>
    </Section>
  );
}

/** "Valores & Observações": rate tags under "Valores por hora", then the "Observações" text. */
export function RatesSection({ model }: { model: PublicModel }) {
  const rates = parseRates(model.rates);
  if (rates.tags.length === 0 && !rates.obs.trim()) return null;
  return (
    <Section title="Valores & Observações" id="valores">
      <div className="grid gap-8 md:grid-cols-2">
        {rates.tags.length > 0 && (
          <div>
            <h3 className="text-xs font-semibold tracking-[0.2em] text-ink-subtle uppercase">Valores por hora</h3>
            <ul className="mt-4 flex flex-wrap gap-2">
              {rates.tags.map((tag, i) => (
                <li
                  key={`${tag}-${i}`}
                  className="rounded-full border border-accent/40 bg-accent-soft px-4 py-1.5 text-sm font-medium text-accent"
                >
                  {tag}
                </li>
              ))}
            </ul>
          </div>
        )}
        {rates.obs.trim() && (
          <div>
            <h3 className="text-xs font-semibold tracking-[0.2em] text-ink-subtle uppercase">Observações</h3>
            <p className="mt-4 leading-relaxed break-words whitespace-pre-line text-ink-muted">{rates.obs}</p>
          </div>
        )}
      </div>
    </Section>
  );
}
