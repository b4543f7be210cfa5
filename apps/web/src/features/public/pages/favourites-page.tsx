import type { ModelCard as ModelCardData } from "@vitrine/contracts";
import { useEffect } from "react";
import { Link } from "@/lib/router";
import { PageContainer, PageHeader } from "@/components/page";
import { Button, buttonClasses, PageSpinner } from "@/components/ui";
import { ModelCard } from "../components/model-card";
import { GRID } from "../components/model-grid";
import { useLivePublicData } from "../hooks/use-live-public-data";
import { usePageTitle } from "@/hooks/use-page-title";
import { appPaths } from "@/lib/paths";
import { useFavouriteCards } from "../api/get-favourite-cards";
import { readFavourites, useStoredFavourites, writeFavourites } from "../lib/favourites";

/**
 * "Favoritas" (/favoritas): the cards of the models the visitor hearted on this device that are public now, most
 * recently hearted first. One that is no longer public is left out and dropped from the device without a word of
 * why (decision 075).
 */
export function FavouritesPage() {
  usePageTitle("Favoritas");
  useLivePublicData();
  const ids = useStoredFavourites();
  const cards = useFavouriteCards(ids ?? []);
  const answer = cards.isPlaceholderData ? undefined : cards.data;

  // The ids asked for and not answered are not public any more: they leave the device's list.
  useEffect(() => {
    if (!answer || !ids) return;
    const shown = new Set(answer.models.map((m) => m.id));
    const stored = readFavourites();
    const kept = stored.filter((id) => !ids.includes(id) || shown.has(id));
    if (kept.length < stored.length) writeFavourites(kept);
  }, [answer, ids]);

  const byId = new Map((cards.data?.models ?? []).map((m) => [m.id, m]));
  const models = (ids ?? []).map((id) => byId.get(id)).filter((m): m is ModelCardData => m !== undefined);

  return (
    <PageContainer size="xl">
      <PageHeader
        eyebrow="Só neste aparelho"
        title="Favoritas"
        description="As modelos que você marcou com o coração. Elas ficam guardadas apenas neste navegador."
      />
      {ids === null || (ids.length > 0 && cards.isPending) ? (
        <PageSpinner label="Carregando suas favoritas..." />
      ) : cards.isError && !cards.data ? (
        <div role="alert" className="flex flex-col items-center py-16 text-center">
          <p className="text-danger">Não foi possível carregar suas favoritas.</p>
          <Button variant="secondary" size="sm" className="mt-5" onClick={() => void cards.refetch()}>
            Tentar novamente
          </Button>
        </div>
      ) : models.length === 0 ? (
        <div className="flex flex-col items-center rounded-3xl border border-dashed border-line-strong bg-surface/60 px-6 py-16 text-center">
          <p className="font-display text-2xl text-ink">Nenhuma favorita ainda</p>
          <p className="mt-2 max-w-sm text-sm text-ink-muted">
            Toque no coração de um anúncio para guardá-lo aqui e encontrá-lo depois.
          </p>
          <Link to={appPaths.home} className={buttonClasses({ variant: "secondary", size: "sm", className: "mt-5" })}>
            Ver modelos
          </Link>
        </div>
      ) : (
        <ul className={GRID} aria-label="Suas favoritas">
          {models.map((model, index) => (
            <li key={model.id}>
              <ModelCard model={model} loading={index < 4 ? "eager" : "lazy"} />
            </li>
          ))}
        </ul>
      )}
    </PageContainer>
  );
}
