import { type ComponentType, type FormEvent, useId, useRef, useState } from "react";
import { cn } from "@/lib/cn";
import type { CitySearchBoxProps } from "./city-search-box";
import { SearchIcon } from "./search-icon";

type Loaded = ComponentType<CitySearchBoxProps>;

/** The search's code, downloaded once for every box of the page. */
let loading: Promise<Loaded> | null = null;
const loadBox = () =>
  (loading ??= import("./city-search-box").then(
    (m) => m.CitySearchBox,
    (err: unknown) => {
      loading = null;
      throw err;
    },
  ));

/**
 * The header city search as the page first shows it: the same box as CitySearchBox with nothing typed, without its
 * code. The search's code (its queries, previews and dropdown) is downloaded when the visitor comes to the box
 * (pointer over it, a touch, focus) and then takes the box's place, with what was typed meanwhile and the focus,
 * so a page's first load and hydration carry none of it.
 */
export function CitySearch(props: CitySearchBoxProps) {
  const [Box, setBox] = useState<{ Loaded: Loaded; text: string; focused: boolean; submit: boolean } | null>(null);
  const inputId = useId();
  const panelId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  /** Enter was pressed before the search's code arrived: the search carries it out once it has taken over. */
  const submitted = useRef(false);

  if (Box) {
    return <Box.Loaded {...props} initialText={Box.text} autoFocus={Box.focused} submitOnStart={Box.submit} />;
  }

  function load() {
    void loadBox().then(
      (Loaded) => {
        const input = inputRef.current;
        if (!input) return; // Already taken over (the box asked for the code more than once).
        const focused = document.activeElement === input;
        setBox((box) => box ?? { Loaded, text: input.value, focused, submit: submitted.current });
      },
      () => {
        // Offline or a failed download: the box stays as it is, and the next focus tries again.
      },
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submitted.current = true;
    load();
  }

  return (
    <div className={cn("relative", props.className)} onFocus={load} onPointerEnter={load} onTouchStart={load}>
      <form role="search" onSubmit={onSubmit} className="relative">
        <label htmlFor={inputId} className="sr-only">
          Buscar cidade
        </label>
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-subtle" />
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          placeholder="Buscar cidade..."
          autoComplete="off"
          role="combobox"
          aria-expanded={false}
          aria-controls={panelId}
          aria-autocomplete="list"
          className="h-10 w-full rounded-full border border-line bg-surface-2/80 pr-4 pl-10 text-sm text-ink transition-colors placeholder:text-ink-subtle hover:border-line-strong focus-visible:border-accent/60"
        />
      </form>
      <div
        id={panelId}
        hidden
        className="absolute inset-x-0 top-full z-dropdown mt-2 min-w-72 origin-top animate-pop-in overflow-hidden rounded-2xl border border-line bg-surface shadow-elevated"
      />
    </div>
  );
}
