import { photoSrcSet, photoUrl, type PublicPhoto } from "@vitrine/contracts";
import { type MouseEvent, useEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { cn } from "@/lib/cn";
import { noteLightboxOpen } from "../lib/analytics-beacon";
import { sharePage } from "../lib/share";
import { ChevronIcon, CloseIcon, FlagIcon, ShareIcon, WhatsAppIcon } from "./icons";

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

export type PhotoLightboxProps = {
  photos: PublicPhoto[];
  /** The photo shown, or null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  modelName: string;
  /** wa.me link, when the model has a WhatsApp number. */
  whatsappHref: string | null;
  onWhatsAppClick?: () => void;
  /** "Denunciar foto": called with the photo shown (the page closes the lightbox and opens the report). */
  onReport?: (photo: PublicPhoto) => void;
};

/**
 * Photo lightbox: "N de M", previous/next (disabled at the ends), thumbnails, WhatsApp, share, close
 * (button, Escape, a click outside the photo), ←/→ keys. A modal dialog: focus moves in, stays in, and
 * returns to the photo that opened it; the page behind does not scroll.
 */
export function PhotoLightbox(props: PhotoLightboxProps) {
  if (props.index === null || props.photos.length === 0 || typeof document === "undefined") return null;
  return createPortal(<LightboxPanel {...props} index={props.index} />, document.body);
}

function LightboxPanel({
  photos,
  index,
  onIndexChange,
  onClose,
  modelName,
  whatsappHref,
  onWhatsAppClick,
  onReport,
}: PhotoLightboxProps & { index: number }) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const thumbsRef = useRef<HTMLDivElement>(null);
  const total = photos.length;
  const current = Math.min(Math.max(index, 0), total - 1);
  const photo = photos[current];
  const hasPrevious = current > 0;
  const hasNext = current < total - 1;

  // Her analytics: each photo shown here counts as opened (once per page view, sent with the page's beacon).
  const photoId = photo?.id;
  useEffect(() => {
    if (photoId !== undefined) noteLightboxOpen(photoId);
  }, [photoId]);

  // Latest values for the one keydown listener below.
  const state = useRef({ current, total, onIndexChange, onClose });
  useEffect(() => {
    state.current = { current, total, onIndexChange, onClose };
  });

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    closeRef.current?.focus({ preventScroll: true });
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";

    function onKeyDown(event: KeyboardEvent) {
      const { current: at, total: count, onIndexChange: go, onClose: close } = state.current;
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        close();
      } else if (event.key === "ArrowLeft") {
        event.preventDefault();
        if (at > 0) go(at - 1);
      } else if (event.key === "ArrowRight") {
        event.preventDefault();
        if (at < count - 1) go(at + 1);
      } else if (event.key === "Tab") {
        trapTab(event, dialogRef.current);
      }
    }
    document.addEventListener("keydown", onKeyDown, true);
    return () => {
      document.removeEventListener("keydown", onKeyDown, true);
      document.body.style.overflow = overflow;
      if (previouslyFocused && document.contains(previouslyFocused)) previouslyFocused.focus({ preventScroll: true });
    };
  }, []);

  // Keep the active thumbnail in view.
  useEffect(() => {
    const thumb = thumbsRef.current?.querySelector<HTMLElement>(`[data-index="${current}"]`);
    thumb?.scrollIntoView({ block: "nearest", inline: "center" });
  }, [current]);

  const closeOnBackdrop = (event: MouseEvent) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-label={`Fotos de ${modelName}`}
      className="fixed inset-0 z-modal flex animate-fade-in flex-col bg-black/95 text-ink backdrop-blur-sm"
    >
      <div className="flex items-center justify-between gap-3 px-4 py-3 sm:px-6" onClick={closeOnBackdrop}>
        <p
          className="text-sm tracking-wide text-ink-muted tabular-nums"
          aria-live="polite"
          data-testid="lightbox-counter"
        >
          {`${current + 1} de ${total}`}
        </p>
        <div className="flex items-center gap-2">
          {whatsappHref && (
            <a
              href={whatsappHref}
              target="_blank"
              rel="noopener noreferrer"
              onClick={onWhatsAppClick}
              className="flex h-10 items-center gap-2 rounded-full bg-accent px-4 text-sm font-medium text-accent-ink transition-colors hover:bg-accent-hover"
            >
              <WhatsAppIcon className="size-4" />
              <span className="hidden sm:inline">WhatsApp</span>
              <span className="sr-only sm:hidden">WhatsApp</span>
            </a>
          )}
          <button
            type="button"
            onClick={() => void sharePage({ title: modelName })}
            aria-label="Compartilhar"
            className={roundButton}
          >
            <ShareIcon className="size-5" />
          </button>
          {onReport && photo && (
            <button type="button" onClick={() => onReport(photo)} aria-label="Denunciar foto" className={roundButton}>
              <FlagIcon className="size-5" />
            </button>
          )}
          <button ref={closeRef} type="button" onClick={onClose} aria-label="Fechar" className={roundButton}>
            <CloseIcon className="size-5" />
          </button>
        </div>
      </div>

      <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 sm:px-20" onClick={closeOnBackdrop}>
        <img
          key={photo.id}
          src={photoUrl(photo.filename, 1600)}
          srcSet={photoSrcSet(photo.filename)}
          sizes="100vw"
          width={photo.width}
          height={photo.height}
          alt={`${modelName} — foto ${current + 1} de ${total}`}
          className="max-h-full w-auto max-w-full animate-fade-in rounded-lg object-contain shadow-elevated"
        />
        <button
          type="button"
          onClick={() => onIndexChange(current - 1)}
          disabled={!hasPrevious}
          aria-label="Foto anterior"
          className={cn(navButton, "left-2 sm:left-5")}
        >
          <ChevronIcon direction="left" className="size-6" />
        </button>
        <button
          type="button"
          onClick={() => onIndexChange(current + 1)}
          disabled={!hasNext}
          aria-label="Próxima foto"
          className={cn(navButton, "right-2 sm:right-5")}
        >
          <ChevronIcon direction="right" className="size-6" />
        </button>
      </div>

      <div ref={thumbsRef} className="overflow-x-auto px-4 py-4 sm:px-6" onClick={closeOnBackdrop}>
        <div className="mx-auto flex w-max gap-2">
          {photos.map((p, i) => (
            <button
              key={p.id}
              type="button"
              data-index={i}
              onClick={() => onIndexChange(i)}
              aria-label={`Foto ${i + 1}`}
              aria-current={i === current ? "true" : undefined}
              className={cn(
                "relative h-16 w-12 shrink-0 overflow-hidden rounded-lg border transition sm:h-20 sm:w-16",
                i === current ? "border-accent opacity-100 shadow-glow" : "border-white/10 opacity-55 hover:opacity-90",
              )}
            >
              <img
                src={photoUrl(p.filename, 400)}
                alt=""
                width={64}
                height={80}
                loading="lazy"
                className="size-full object-cover"
              />
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}

const roundButton =
  "flex size-10 items-center justify-center rounded-full border border-white/10 bg-white/5 text-ink transition-colors hover:border-accent/50 hover:text-accent";

const navButton =
  "absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full border border-white/10 bg-black/60 text-ink backdrop-blur transition hover:border-accent/60 hover:text-accent disabled:pointer-events-none disabled:opacity-25";

/** Keeps Tab and Shift+Tab inside the dialog. */
function trapTab(event: KeyboardEvent, root: HTMLElement | null) {
  if (!root) return;
  const items = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !root.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !root.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
