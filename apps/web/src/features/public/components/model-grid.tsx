import type { ModelCard as ModelCardData } from "@vitrine/contracts";
import { type ReactNode, startTransition, useRef, useState } from "react";
import { Button, Spinner } from "@/components/ui";
import type { usePublicModels } from "../api/get-public-models";
import { useInfiniteScroll } from "../hooks/use-infinite-scroll";
import { ModelCard } from "./model-card";

/** Cards that count as "the first row" and load eagerly (the widest grid has 4 columns); the first one first. */
const EAGER_CARDS = 4;

/**
 * Cards drawn at first: the first screen (two rows of the widest grid), in the server's HTML and while hydrating.
 * The page carries the whole first page's data; the other cards are drawn when the visitor scrolls towards them,
 * like the next page (a phone's main thread has less to do while the page starts, and each card is most of a
 * listing page's HTML and of the time the server takes to render it).
 */
const FIRST_CARDS = 8;

/** Two columns of compact cards on phones (see ModelCard), 3 from 1024 px, 4 from 1280 px; CARD_SIZES follows. */
export const GRID = "grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4";

type Listing = ReturnType<typeof usePublicModels>;

/**
 * The models grid with infinite scroll: skeletons while the first page loads, the error and empty
 * states, then the cards and a sentinel that asks for the next page.
 */
export function ModelGrid({ listing, cityId = null }: { listing: Listing; cityId?: number | null }) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  const { data, error, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } = listing;
  const models: ModelCardData[] = data?.pages.flatMap((p) => p.models) ?? [];
  const [revealed, setRevealed] = useState(false);
  const hasHiddenCards = !revealed && models.length > FIRST_CARDS;

  useInfiniteScroll(sentinelRef, {
    enabled: hasHiddenCards || (!!hasNextPage && !isFetchingNextPage && !isFetchNextPageError),
    // Drawing the loaded cards is a transition: done in slices, never one long task.
    onReach: () => (hasHiddenCards ? startTransition(() => setRevealed(true)) : void fetchNextPage()),
    watch: `${data?.pages.length}:${revealed}`,
  });

  if (listing.isPending) return <GridSkeleton />;
  if (error && !data) {
    return (
      <Notice title="Erro ao carregar modelos. Tente novamente." tone="error">
        <Button variant="secondary" size="sm" className="mt-5" onClick={() => void refetch()}>
          Tentar novamente
        </Button>
      </Notice>
    );
  }
  if (models.length === 0) {
    return <Notice title="Nenhuma modelo encontrada" text="Tente ajustar os filtros ou fazer uma nova busca." />;
  }

  return (
    <>
      <ul className={GRID}>
        {(revealed ? models : models.slice(0, FIRST_CARDS)).map((model, index) => (
          <li key={model.id}>
            <ModelCard
              model={model}
              pageCityId={cityId}
              loading={index === 0 ? "first" : index < EAGER_CARDS ? "eager" : "lazy"}
            />
          </li>
        ))}
      </ul>
      <div ref={sentinelRef} className="mt-10 flex min-h-12 items-center justify-center" data-testid="listing-sentinel">
        {isFetchNextPageError ? (
          <p className="flex flex-wrap items-center justify-center gap-3 text-sm text-danger">
            Erro ao carregar modelos. Tente novamente.
            <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()}>
              Tentar novamente
            </Button>
          </p>
        ) : hasNextPage || hasHiddenCards ? (
          <p className="flex items-center gap-2.5 text-sm text-ink-muted" aria-live="polite">
            {isFetchingNextPage && <Spinner size="sm" className="text-accent" />}
            Role para carregar mais…
          </p>
        ) : (
          <p className="flex items-center gap-4 text-xs font-medium tracking-[0.2em] text-ink-subtle uppercase">
            <span aria-hidden className="h-px w-10 bg-line-strong" />
            Fim dos resultados
            <span aria-hidden className="h-px w-10 bg-line-strong" />
          </p>
        )}
      </div>
    </>
  );
}

function Notice({
  title,
  text,
  tone = "neutral",
  children,
}: {
  title: string;
  text?: string;
  tone?: "neutral" | "error";
  children?: ReactNode;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : undefined}
      className="flex flex-col items-center rounded-3xl border border-dashed border-line-strong bg-surface/60 px-6 py-16 text-center"
    >
      <p className={tone === "error" ? "text-base font-medium text-danger" : "font-display text-2xl text-ink"}>
        {title}
      </p>
      {text && <p className="mt-2 max-w-sm text-sm text-ink-muted">{text}</p>}
      {children}
    </div>
  );
}

function GridSkeleton() {
  return (
    <ul className={GRID} aria-busy="true" aria-label="Carregando modelos">
      {Array.from({ length: 8 }, (_, i) => (
        <li key={i} className="overflow-hidden rounded-2xl border border-line bg-surface">
          <div className="aspect-[3/4] animate-pulse bg-surface-2" />
          <div className="space-y-3 p-3 sm:p-5">
            <div className="h-6 w-2/3 animate-pulse rounded bg-surface-3" />
            <div className="h-4 w-1/2 animate-pulse rounded bg-surface-2" />
            <div className="h-4 w-full animate-pulse rounded bg-surface-2 max-sm:hidden" />
            <div className="h-10 w-full animate-pulse rounded-full bg-surface-2 max-sm:hidden" />
          </div>
        </li>
      ))}
    </ul>
  );
}
