import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { createPortal } from "react-dom";
import { cn } from "@/lib/cn";

export type RowMenuItem = {
  key: string;
  label: string;
  onSelect: () => void;
  icon?: ReactNode;
  disabled?: boolean;
  /** Red text: destructive actions (Excluir). */
  danger?: boolean;
};

const MENU_WIDTH = 232;

/**
 * The "Ações" button of a table row (three dots, named by `label`) and its menu (role="menu"). Keyboard: Enter/Space/ArrowDown open it on the
 * first item, ArrowUp on the last; arrows, Home and End move; Escape closes it and returns to the button; Tab
 * closes it. The menu is drawn in <body> with fixed coordinates, so a table that scrolls inside its card does
 * not cut it; it opens upwards when there is no room below and follows its button when the page or table scrolls.
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top: number; left: number; upward: boolean } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<"first" | "last">("first");
  const menuId = useId();
  const itemCount = items.length;

  function openMenu(focus: "first" | "last") {
    focusOnOpen.current = focus;
    setOpen(true);
  }

  function close({ returnFocus }: { returnFocus: boolean }) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus({ preventScroll: true });
  }

  /** Places the menu under (or above) its button; false when the button has left the screen. */
  const place = useCallback((): boolean => {
    const button = buttonRef.current;
    if (!button) return false;
    const rect = button.getBoundingClientRect();
    if (rect.bottom < 0 || rect.top > window.innerHeight || rect.right < 0 || rect.left > window.innerWidth) {
      return false;
    }
    const estimatedHeight = itemCount * 40 + 12;
    const upward = rect.bottom + estimatedHeight + 8 > window.innerHeight && rect.top > estimatedHeight + 8;
    const left = Math.max(8, Math.min(rect.right - MENU_WIDTH, window.innerWidth - MENU_WIDTH - 8));
    setPosition({ top: upward ? rect.top - 4 : rect.bottom + 4, left, upward });
    return true;
  }, [itemCount]);

  useLayoutEffect(() => {
    if (open) place();
  }, [open, place]);

  // Focus goes into the menu once per opening (not again when a scroll moves it).
  const focused = useRef(false);
  useEffect(() => {
    if (!open) {
      focused.current = false;
      return;
    }
    if (!position || focused.current) return;
    focused.current = true;
    const enabled = menuItems(menuRef.current);
    (focusOnOpen.current === "first" ? enabled[0] : enabled[enabled.length - 1])?.focus({ preventScroll: true });
  }, [open, position]);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (menuRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setOpen(false);
    }
    // A scroll (the page or the table) or a resize moves the button: the menu follows it, and closes once the
    // button is off screen.
    let frame = 0;
    function onMove() {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (!place()) setOpen(false);
      });
    }
    document.addEventListener("pointerdown", onPointerDown);
    window.addEventListener("resize", onMove);
    window.addEventListener("scroll", onMove, true);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("pointerdown", onPointerDown);
      window.removeEventListener("resize", onMove);
      window.removeEventListener("scroll", onMove, true);
    };
  }, [open, place]);

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      openMenu("first");
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      openMenu("last");
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const enabled = menuItems(menuRef.current);
    const index = enabled.indexOf(document.activeElement as HTMLElement);
    const move = (next: number) => {
      event.preventDefault();
      enabled[(next + enabled.length) % enabled.length]?.focus({ preventScroll: true });
    };
    if (event.key === "ArrowDown") move(index + 1);
    else if (event.key === "ArrowUp") move(index - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(enabled.length - 1);
    else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close({ returnFocus: true });
    } else if (event.key === "Tab") {
      close({ returnFocus: false });
    }
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => (open ? close({ returnFocus: false }) : openMenu("first"))}
        onKeyDown={onButtonKeyDown}
        title="Ações"
        className={cn(
          "inline-flex size-9 items-center justify-center rounded-full border transition-colors",
          open
            ? "border-accent/60 bg-surface-3 text-ink"
            : "border-line-strong bg-surface-2 text-ink-muted hover:border-accent/60 hover:text-ink",
        )}
      >
        <svg viewBox="0 0 20 20" className="size-4.5" fill="currentColor" aria-hidden>
          <circle cx="4.5" cy="10" r="1.6" />
          <circle cx="10" cy="10" r="1.6" />
          <circle cx="15.5" cy="10" r="1.6" />
        </svg>
      </button>
      {open &&
        position &&
        createPortal(
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-label={label}
            onKeyDown={onMenuKeyDown}
            style={{
              top: position.top,
              left: position.left,
              width: MENU_WIDTH,
              transform: position.upward ? "translateY(-100%)" : undefined,
            }}
            className="fixed z-dropdown animate-fade-in rounded-2xl border border-line-strong bg-surface-2 p-1.5 shadow-elevated"
          >
            {items.map((item) => (
              <button
                key={item.key}
                type="button"
                role="menuitem"
                tabIndex={-1}
                disabled={item.disabled}
                onClick={() => {
                  close({ returnFocus: true });
                  item.onSelect();
                }}
                className={cn(
                  "flex w-full items-center gap-2.5 rounded-xl px-3 py-2 text-left text-sm transition-colors",
                  "focus-visible:bg-surface-3 hover:bg-surface-3 disabled:cursor-not-allowed disabled:opacity-50",
                  item.danger ? "text-danger" : "text-ink",
                )}
              >
                {item.icon && (
                  <span aria-hidden="true" className={cn("size-4 shrink-0", !item.danger && "text-accent")}>
                    {item.icon}
                  </span>
                )}
                {item.label}
              </button>
            ))}
          </div>,
          document.body,
        )}
    </>
  );
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])')) : [];
}
