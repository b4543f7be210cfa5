import type { ReactNode } from "react";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { Button } from "./button";
import { PageSpinner, Spinner } from "./spinner";

/** What QueryState reads from a TanStack Query result (useQuery's return value fits). */
export type QueryLike<T> = {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  isFetching?: boolean;
  refetch: () => unknown;
};

export type QueryStateProps<T> = {
  query: QueryLike<T>;
  /** Renders the data once it is there (also while a later refetch runs). */
  children: (data: T) => ReactNode;
  /** Shown when the request failed and the server sent no message of its own. */
  errorText: string;
  /** Read by screen readers while loading. */
  loadingLabel?: string;
  /**
   * "page": a tall centred spinner, and the error in a panel (a whole page's data);
   * "card": a panel for both states (a section of a page);
   * "inline": no panel (inside a Card that already frames it).
   */
  variant?: "page" | "card" | "inline";
  /** Heading of the panel in the loading and error states ("card" and "page"). */
  title?: ReactNode;
  /** Replaces the spinner (e.g. a skeleton). */
  loading?: ReactNode;
  className?: string;
};

/**
 * The three states of loaded data — spinner, error with "Tentar novamente", then the data:
 *
 * <QueryState query={useProfile()} errorText="Não foi possível carregar seu perfil." loadingLabel="Carregando...">
 *   {(profile) => <ProfileForm model={profile.model} />}
 * </QueryState>
 */
export function QueryState<T>({
  query,
  children,
  errorText,
  loadingLabel = "Carregando...",
  variant = "card",
  title,
  loading,
  className,
}: QueryStateProps<T>) {
  if (query.data !== undefined) return <>{children(query.data)}</>;

  if (query.isError) {
    return (
      <Panel framed={variant !== "inline"} title={title} className={className}>
        <span
          aria-hidden="true"
          className="flex size-10 items-center justify-center rounded-full border border-danger/40 bg-danger-soft text-danger"
        >
          <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M12 7.5v5.5m0 3.5h.01" strokeLinecap="round" />
            <circle cx="12" cy="12" r="9" />
          </svg>
        </span>
        <p role="alert" className="mt-3 max-w-md text-sm text-danger">
          {errorMessage(query.error, errorText)}
        </p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-4"
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          Tentar novamente
        </Button>
      </Panel>
    );
  }

  if (loading) return <>{loading}</>;
  if (variant === "page") return <PageSpinner label={loadingLabel} />;
  return (
    <Panel framed={variant === "card"} title={title} className={className}>
      <span className="py-4 text-accent">
        <Spinner size={variant === "card" ? "lg" : "md"} label={loadingLabel} />
      </span>
    </Panel>
  );
}

function Panel({
  framed,
  title,
  className,
  children,
}: {
  framed: boolean;
  title?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        "flex flex-col items-center text-center",
        framed ? "rounded-2xl border border-line bg-surface px-6 py-10 shadow-elevated" : "py-6",
        className,
      )}
    >
      {title && framed && <h2 className="mb-4 font-display text-xl font-semibold text-ink">{title}</h2>}
      {children}
    </div>
  );
}
