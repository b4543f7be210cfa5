import type { OwnerPhoto } from "@vitrine/contracts";
import type { ReactNode } from "react";
import { Badge, Spinner } from "@/components/ui";
import { cn } from "@/lib/cn";

export type PhotoAction = "primary" | "visibility" | "delete";

function ActionButton({
  label,
  onClick,
  disabled,
  busy,
  tone = "default",
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  busy?: boolean;
  tone?: "default" | "danger";
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={cn(
        "flex min-h-9 flex-auto items-center justify-center gap-1 rounded-full border px-2.5 text-xs font-medium whitespace-nowrap transition-colors",
        "disabled:cursor-not-allowed disabled:opacity-50",
        tone === "danger"
          ? "border-danger/50 bg-surface text-danger hover:bg-danger-solid hover:text-white"
          : "border-line-strong bg-surface text-ink hover:border-accent/70 hover:text-accent",
      )}
    >
      {busy ? <Spinner size="sm" /> : children}
      <span>{label}</span>
    </button>
  );
}

/** "Foto 1, principal", "Foto 2", "Foto 3, privada": the uploaded file name says nothing about the picture. */
function photoAlt(photo: OwnerPhoto, position: number): string {
  return [`Foto ${position}`, photo.is_primary && "principal", !photo.is_public && "privada"]
    .filter(Boolean)
    .join(", ");
}

/**
 * One photo of the gallery: badges "Principal"/"Privada" on the photo, and below it the actions Principal,
 * Privar/Publicar, Excluir, always shown and never covering the photo. Narrow cards stack them; wider ones put
 * them in a row that wraps rather than cut a button off.
 */
export function PhotoCard({
  photo,
  position,
  busyAction,
  onAction,
}: {
  photo: OwnerPhoto;
  /** 1-based place in the gallery, for the alt text ("Foto 2, privada"). */
  position: number;
  busyAction: PhotoAction | null;
  onAction: (action: PhotoAction) => void;
}) {
  const srcSet = photo.variants.map((v) => `${v.url} ${v.width}w`).join(", ");
  const anyBusy = busyAction !== null;
  return (
    <li
      data-photo-id={photo.id}
      data-primary={photo.is_primary}
      data-public={photo.is_public}
      className={cn(
        "@container relative flex flex-col overflow-hidden rounded-2xl border bg-surface-2 shadow-elevated",
        photo.is_primary ? "border-accent/60" : "border-line",
      )}
    >
      <img
        src={photo.url}
        srcSet={srcSet}
        sizes="(min-width: 1024px) 22vw, (min-width: 640px) 30vw, 46vw"
        alt={photoAlt(photo, position)}
        loading="lazy"
        className={cn("aspect-[3/4] w-full object-cover transition-opacity", !photo.is_public && "opacity-80")}
      />
      <div className="pointer-events-none absolute inset-x-0 top-0 flex flex-wrap gap-1.5 p-2.5">
        {photo.is_primary && (
          <Badge variant="accent" className="bg-black/60 backdrop-blur">
            Principal
          </Badge>
        )}
        {!photo.is_public && (
          <Badge variant="neutral" className="bg-black/60 backdrop-blur">
            <svg viewBox="0 0 20 20" className="size-3" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
              <rect x="4.5" y="9" width="11" height="8" rx="2" />
              <path d="M7 9V7a3 3 0 0 1 6 0v2" />
            </svg>
            Privada
          </Badge>
        )}
      </div>
      <div
        role="group"
        aria-label="Ações da foto"
        className="flex flex-col gap-1.5 border-t border-line p-2.5 @[15rem]:flex-row @[15rem]:flex-wrap"
      >
        <ActionButton
          label="Principal"
          onClick={() => onAction("primary")}
          disabled={photo.is_primary || anyBusy}
          busy={busyAction === "primary"}
        >
          <svg viewBox="0 0 20 20" className="size-3.5" fill="currentColor" aria-hidden>
            <path d="m10 2.5 2.3 4.9 5.2.6-3.9 3.6 1 5.2L10 14.2l-4.6 2.6 1-5.2L2.5 8l5.2-.6L10 2.5Z" />
          </svg>
        </ActionButton>
        <ActionButton
          label={photo.is_public ? "Privar" : "Publicar"}
          onClick={() => onAction("visibility")}
          disabled={anyBusy}
          busy={busyAction === "visibility"}
        >
          <svg viewBox="0 0 20 20" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
            {photo.is_public ? (
              <>
                <rect x="4.5" y="9" width="11" height="8" rx="2" />
                <path d="M7 9V7a3 3 0 0 1 6 0v2" />
              </>
            ) : (
              <>
                <path d="M2 10s3-5.5 8-5.5S18 10 18 10s-3 5.5-8 5.5S2 10 2 10Z" />
                <circle cx="10" cy="10" r="2.3" />
              </>
            )}
          </svg>
        </ActionButton>
        <ActionButton
          label="Excluir"
          tone="danger"
          onClick={() => onAction("delete")}
          disabled={anyBusy}
          busy={busyAction === "delete"}
        >
          <svg viewBox="0 0 20 20" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
            <path d="M4 6h12M8 6V4.5h4V6m-6 0 .7 10h6.6L14 6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </ActionButton>
      </div>
    </li>
  );
}
