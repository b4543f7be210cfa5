import { type ReactNode, type RefObject, useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { cn } from "@/lib/cn";
import { useScrolls } from "./use-scrolls";

const SIZES = { sm: "max-w-md", md: "max-w-lg", lg: "max-w-2xl", xl: "max-w-4xl" } as const;

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** Open modals, innermost last: only the top one handles Tab and Escape. */
const stack: symbol[] = [];

export type ModalProps = {
  open: boolean;
  /** Called on Escape, on a click on the backdrop and by the close button (unless `dismissible` is false). */
  onClose: () => void;
  title: ReactNode;
  /** Optional line under the title (also the dialog's aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom (right-aligned on desktop, stacked on phones). */
  footer?: ReactNode;
  size?: keyof typeof SIZES;
  /** false: no close button, Escape and backdrop do nothing (e.g. the age gate). */
  dismissible?: boolean;
  /** Element to focus first; defaults to the first focusable element inside. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Shown above the title (e.g. an emblem). */
  icon?: ReactNode;
  /** "center" centres the title block (announcement-style dialogs such as the age gate). */
  align?: "start" | "center";
  className?: string;
  /** Extra classes for the backdrop (e.g. an opaque one that hides the page). */
  backdropClassName?: string;
  /**
   * Rendered where it stands instead of in a portal, so a server can render it too (the age gate); the panel is
   * fixed over the page either way.
   */
  inline?: boolean;
};

/**
 * An accessible dialog: portal to <body>, aria-modal, focus trapped inside, Escape closes, focus returns to
 * the element that opened it, page scroll locked while open. Stacks (a modal may open another).
 *
 * <Modal open={open} onClose={() => setOpen(false)} title="Termos de Uso" footer={<Button onClick={…}>Fechar</Button>}>
 *   …content…
 * </Modal>
 */
export function Modal(props: ModalProps) {
  if (!props.open) return null;
  if (props.inline) return <ModalPanel {...props} />;
  if (typeof document === "undefined") return null;
  return createPortal(<ModalPanel {...props} />, document.body);
}

function ModalPanel({
  onClose,
  title,
  description,
  children,
  footer,
  size = "md",
  dismissible = true,
  initialFocusRef,
  align = "start",
  icon,
  className,
  backdropClassName,
}: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  // A dialog that is only a question (a confirmation) has no body: no empty band between title and buttons.
  const hasBody = children !== undefined && children !== null && children !== false;
  const titleId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);
  const bodyScrolls = useScrolls(bodyRef, "y");
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const token = Symbol("modal");
    stack.push(token);
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const first = initialFocusRef?.current ?? panel?.querySelector<HTMLElement>(FOCUSABLE) ?? panel;
    first?.focus({ preventScroll: true });

    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";

    function onKeyDown(event: KeyboardEvent) {
      if (stack[stack.length - 1] !== token || !panel) return;
      if (event.key === "Escape" && dismissible) {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== "Tab") return;
      const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
      if (items.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || !panel.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !panel.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      stack.splice(stack.indexOf(token), 1);
      if (stack.length === 0) document.body.style.overflow = overflow;
      if (previouslyFocused && document.contains(previouslyFocused)) previouslyFocused.focus({ preventScroll: true });
    };
  }, [dismissible, initialFocusRef]);

  return (
    <div
      className={cn(
        "fixed inset-0 z-modal flex justify-center sm:items-center sm:p-6",
        // Phones: a bottom sheet, except centred announcements (the age gate).
        align === "center" ? "items-center p-4" : "items-end p-0",
      )}
    >
      <div
        aria-hidden="true"
        className={cn("absolute inset-0 animate-fade-in bg-black/75 backdrop-blur-sm", backdropClassName)}
        onClick={dismissible ? () => onCloseRef.current() : undefined}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cn(
          "relative flex max-h-[92dvh] w-full animate-pop-in flex-col overflow-hidden border border-line bg-surface shadow-elevated outline-none sm:rounded-3xl",
          align === "center" ? "rounded-3xl" : "rounded-t-3xl",
          SIZES[size],
          className,
        )}
      >
        <div
          className={cn(
            "flex items-start justify-between gap-4 px-6 pt-6 pb-4 sm:px-8",
            align === "center" ? "justify-center text-center" : hasBody && "border-b border-line",
          )}
        >
          <div className={cn("min-w-0", align === "center" && "flex flex-col items-center")}>
            {icon && <div className="mb-4">{icon}</div>}
            <h2 id={titleId} className="font-display text-2xl leading-tight font-semibold text-ink">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-ink-muted">
                {description}
              </p>
            )}
          </div>
          {dismissible && (
            <button
              type="button"
              onClick={() => onCloseRef.current()}
              aria-label="Fechar"
              className="-mt-1 -mr-2 flex size-10 shrink-0 items-center justify-center rounded-full text-ink-subtle transition-colors hover:bg-surface-3 hover:text-ink"
            >
              <svg
                viewBox="0 0 20 20"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                aria-hidden
              >
                <path d="M5 5l10 10M15 5 5 15" strokeLinecap="round" />
              </svg>
            </button>
          )}
        </div>
        {hasBody && (
          // A long body (the Terms) scrolls: it then takes the keyboard focus, named by the title.
          <div
            ref={bodyRef}
            className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-6 py-5 sm:px-8"
            {...(bodyScrolls && { tabIndex: 0, role: "region", "aria-labelledby": titleId })}
          >
            {children}
          </div>
        )}
        {footer && (
          <div className="flex flex-col-reverse gap-2 border-t border-line bg-surface-2/40 px-6 py-4 sm:flex-row sm:justify-end sm:px-8">
            {footer}
          </div>
        )}
      </div>
    </div>
  );
}
