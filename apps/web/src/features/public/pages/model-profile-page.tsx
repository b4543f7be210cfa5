import {
  INVALID_MODEL_ID,
  MODEL_NOT_FOUND,
  parseModelIdParam,
  type PublicModelResponse,
  REPORT_RECEIVED_MESSAGE,
} from "@vitrine/contracts";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Link, useParams } from "@/lib/router";
import { PageContainer } from "@/components/page";
import { Button, buttonClasses, PageSpinner } from "@/components/ui";
import { cityTarget } from "@/features/cities/lib/city-navigation";
import { usePublicSettings } from "@/features/settings/api/get-public-settings";
import { usePageTitle } from "@/hooks/use-page-title";
import { hasErrorCode } from "@/lib/api-client";
import { appPaths } from "@/lib/public-paths";
import { usePublicModel } from "../api/get-public-model";
import { recordContact } from "../api/record-contact";
import { ChevronIcon, FlagIcon } from "../components/icons";
import { whatsappHref } from "../components/profile/contact-links";
import { GallerySection, ProductsSection, RatesSection, ServicesSection } from "../components/profile/profile-sections";
import { ProfileSummary } from "../components/profile/profile-summary";
import { useLivePublicData } from "../hooks/use-live-public-data";
import { useRecordVisit } from "../hooks/use-record-visit";
import { DEFAULT_SITE_NAME, profileTitle } from "../lib/page-titles";

// The lightbox is downloaded when a photo is first opened: the server never renders it (it is a portal).
const PhotoLightbox = lazy(() => import("../components/photo-lightbox").then((m) => ({ default: m.PhotoLightbox })));
// The report dialog too, when "Denunciar" is first pressed.
const ReportDialog = lazy(() => import("../components/report-dialog").then((m) => ({ default: m.ReportDialog })));

const NOT_FOUND_TEXT = "A modelo que você está procurando não existe ou foi removida.";
const REPORTED_NOT_FOUND_TEXT =
  "Este perfil não está mais disponível no site. A equipe de moderação vai analisar sua denúncia.";

/**
 * Public model profile, routes /cidade/:citySlug/:modelSlug/:id, /modelo/:id and /model/:id
 * (the id may be the tail of a slug, optionally prefixed "id").
 */
export function ModelProfilePage() {
  const params = useParams();
  const raw = params.id ?? "";
  const id = parseModelIdParam(raw);
  const query = usePublicModel(id);
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null);
  /**
   * What is being reported: the profile (photoId null) or one of its photos, with the profile as it was when the
   * dialog opened; null when no report is open. While the dialog is open the page stays as it was under it: a
   * refresh that finds the profile gone (a report may take it off the site) does not swap the page under the
   * confirmation.
   */
  const [reporting, setReporting] = useState<{ photoId: number | null; profile: PublicModelResponse } | null>(null);
  /** A report of this profile was received during this visit: the not-found state says so. */
  const [reported, setReported] = useState(false);

  useLivePublicData();
  useRecordVisit(query.data ? { page: "profile", city_id: query.data.model.city_id } : null);
  const site = usePublicSettings().data?.site_name || DEFAULT_SITE_NAME;
  usePageTitle(
    id === null ? `${INVALID_MODEL_ID} | ${site}` : query.data ? profileTitle(query.data.model, site) : null,
    { full: true },
  );

  if (id === null || hasErrorCode(query.error, "VALIDATION_ERROR", "BAD_REQUEST")) {
    return <ProfileMessage title={INVALID_MODEL_ID} />;
  }
  const data = reporting?.profile ?? query.data;
  if (!reporting && hasErrorCode(query.error, "NOT_FOUND")) {
    if (reported) return <ReportedProfileGone />;
    return <ProfileMessage title={MODEL_NOT_FOUND} text={NOT_FOUND_TEXT} />;
  }
  if (!reporting && query.isError) {
    return (
      <ProfileMessage title="Erro ao carregar o perfil. Tente novamente.">
        <Button variant="secondary" className="mt-6" onClick={() => void query.refetch()}>
          Tentar novamente
        </Button>
      </ProfileMessage>
    );
  }
  if (!data) return <PageSpinner label="Carregando perfil..." />;

  const { model, photos, products } = data;
  const city = cityTarget({ id: model.city_id, slug: model.city_slug });
  const whatsapp = whatsappHref(model, site);

  return (
    <PageContainer size="xl" className="flex flex-col gap-12 sm:gap-14">
      <nav aria-label="Trilha" className="-mb-4 flex items-center gap-2 text-sm text-ink-subtle">
        <Link to={appPaths.home} className="transition-colors hover:text-accent">
          Início
        </Link>
        <ChevronIcon className="size-3.5" />
        <Link to={city.to} className="transition-colors hover:text-accent">
          {model.city_name} - {model.state}
        </Link>
        <ChevronIcon className="size-3.5" />
        <span className="truncate text-ink-muted" aria-current="page">
          {model.name}
        </span>
      </nav>

      <ProfileSummary
        model={model}
        whatsappHref={whatsapp}
        mainPhoto={photos[0] ?? null}
        onOpenPhoto={() => setLightboxIndex(0)}
      />
      <GallerySection photos={photos} modelName={model.name} onOpen={setLightboxIndex} />
      <ProductsSection products={products} />
      <ServicesSection model={model} />
      <RatesSection model={model} />
      <div className="-mt-6 flex justify-end border-t border-line/60 pt-4">
        <Button variant="ghost" size="sm" onClick={() => setReporting({ photoId: null, profile: data })}>
          <FlagIcon className="size-4" />
          Denunciar perfil
        </Button>
      </div>

      {lightboxIndex !== null && (
        <Suspense fallback={null}>
          <PhotoLightbox
            photos={photos}
            index={lightboxIndex}
            onIndexChange={setLightboxIndex}
            onClose={() => setLightboxIndex(null)}
            modelName={model.name}
            whatsappHref={whatsapp}
            onWhatsAppClick={() => recordContact(model.id, "whatsapp")}
            onReport={(photo) => {
              setLightboxIndex(null);
              setReporting({ photoId: photo.id, profile: data });
            }}
          />
        </Suspense>
      )}
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog
            target={{ modelId: model.id, modelName: model.name, photoId: reporting.photoId }}
            onSent={() => setReported(true)}
            onClose={() => setReporting(null)}
          />
        </Suspense>
      )}
    </PageContainer>
  );
}

/**
 * The profile went off the site after this visitor reported it: the report's confirmation stays readable, at the
 * top of the page (the profile she scrolled through is gone, so the page starts over from its top).
 */
function ReportedProfileGone() {
  useEffect(() => window.scrollTo({ top: 0 }), []);
  return (
    <ProfileMessage title={MODEL_NOT_FOUND} text={REPORTED_NOT_FOUND_TEXT}>
      <p role="status" className="mt-6 rounded-xl border border-line bg-surface-2 px-4 py-3 text-sm text-ink">
        {REPORT_RECEIVED_MESSAGE}
      </p>
    </ProfileMessage>
  );
}

function ProfileMessage({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <PageContainer size="md" className="flex flex-1 flex-col items-center justify-center text-center">
      <p className="font-display text-5xl text-accent" aria-hidden>
        ✦
      </p>
      <h1 className="mt-4 font-display text-4xl font-semibold text-ink">{title}</h1>
      {text && <p className="mt-3 max-w-md text-ink-muted">{text}</p>}
      {children}
      <Link to={appPaths.home} className={buttonClasses({ variant: "secondary", className: "mt-8" })}>
        Voltar para o início
      </Link>
    </PageContainer>
  );
}
