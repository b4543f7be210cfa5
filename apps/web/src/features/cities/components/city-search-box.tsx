import { CITY_SEARCH_MIN_CHARS } from "@vitrine/contracts";
import {
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
  lazy,
  Suspense,
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
} from "react";
import { useLocation, useNavigate } from "@/lib/router";
import { cn } from "@/lib/cn";
import { useCityPreviews } from "../api/get-city-preview";
import { useCitySearch } from "../api/search-cities";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { cityTarget, modelSearchPath } from "../lib/city-navigation";
import { SearchIcon } from "./search-icon";

// The dropdown is downloaded when a search first opens it: it is never part of a page's first paint.
const CitySearchResults = lazy(() => import("./city-search-results").then((m) => ({ default: m.CitySearchResults })));

/** The search waits 320 ms after typing; the dropdown closes 150 ms after the box loses focus. */
const DEBOUNCE_MS = 320;
const BLUR_CLOSE_MS = 150;

/**
 * The header city search: 2+ trimmed characters open a dropdown of the cities that have a preview card
 * (primary photo, "city - state", advertiser name), counted as shown; picking one goes to the city and scrolls to
 * its grid. The dropdown ends with the model search ("Buscar modelos por “…”", /?search=…). Enter opens the first
 * city shown, once the search has answered; with no city shown it runs the model search. The box clears whenever
 * the path or query changes. `onNavigate` lets the mobile menu close after a choice.
 */
export type CitySearchBoxProps = {
  className?: string;
  onNavigate?: () => void;
  /** What the box starts with, and whether it takes the focus (it takes the place of ./city-search.tsx's box). */
  initialText?: string;
  autoFocus?: boolean;
  /** Enter was pressed on `initialText` before this box took over: carried out once the search has answered. */
  submitOnStart?: boolean;
};

export function CitySearchBox({
  className,
  onNavigate,
  initialText = "",
  autoFocus = false,
  submitOnStart = false,
}: CitySearchBoxProps) {
  const [text, setText] = useState(initialText);
  const [hasFocus, setHasFocus] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const inputId = useId();
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const blurTimer = useRef<number | undefined>(undefined);
  /** The text Enter was pressed on before the search answered: carried out once it has, if still the text. */
  const pendingSubmit = useRef<string | null>(submitOnStart && initialText.trim() ? initialText.trim() : null);

  // Any change of path or query empties the box.
  const locationKey = location.pathname + location.search;
  const [lastLocation, setLastLocation] = useState(locationKey);
  if (lastLocation !== locationKey) {
    setLastLocation(locationKey);
    setText("");
  }

  const term = text.trim();
  const debouncedTerm = useDebouncedValue(term, DEBOUNCE_MS);
  const search = useCitySearch(debouncedTerm);
  const isSearching = term !== debouncedTerm || search.isPending || (search.isFetching && !search.data);
  const cities = isSearching ? [] : (search.data ?? []);
  const { previews, isLoading: previewsLoading } = useCityPreviews(cities);
  const answered = term.length < CITY_SEARCH_MIN_CHARS || (!isSearching && !previewsLoading);
  const open = hasFocus && !dismissed && term.length >= CITY_SEARCH_MIN_CHARS;

  useEffect(() => () => window.clearTimeout(blurTimer.current), []);

  // Taking the place of the box the visitor was typing in: the focus and the caret go on where they were.
  const focusOnMount = useEffectEvent(() => {
    const input = inputRef.current;
    if (!autoFocus || !input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  });
  useEffect(() => focusOnMount(), []);

  /** Enter's destination: the first city shown, else the model search. (The new location empties the box.) */
  function goToFirstResult() {
    const first = previews[0];
    if (first) {
      const target = cityTarget(first.city);
      navigate(target.to, { state: target.state });
    } else {
      navigate(modelSearchPath(term));
    }
    inputRef.current?.blur();
    onNavigate?.();
  }

  const goWhenAnswered = useEffectEvent(() => {
    const pending = pendingSubmit.current;
    pendingSubmit.current = null;
    if (pending === term) goToFirstResult();
  });
  useEffect(() => {
    if (answered && pendingSubmit.current !== null) goWhenAnswered();
  }, [answered]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!term) return;
    if (!answered) {
      pendingSubmit.current = term;
      return;
    }
    goToFirstResult();
    setText("");
  }

  function onFocus() {
    window.clearTimeout(blurTimer.current);
    setHasFocus(true);
  }

  function onBlur(event: FocusEvent) {
    if (rootRef.current?.contains(event.relatedTarget as Node | null)) return;
    window.clearTimeout(blurTimer.current);
    blurTimer.current = window.setTimeout(() => setHasFocus(false), BLUR_CLOSE_MS);
  }

  function focusableResults(): HTMLElement[] {
    return Array.from(rootRef.current?.querySelectorAll<HTMLElement>("[data-city-option]") ?? []);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      setDismissed(true);
      inputRef.current?.focus();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const items = focusableResults();
    if (items.length === 0) return;
    event.preventDefault();
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === "ArrowDown") items[Math.min(index + 1, items.length - 1)].focus();
    else if (index <= 0) inputRef.current?.focus();
    else items[index - 1].focus();
  }

  function onPicked() {
    setText("");
    setHasFocus(false);
    onNavigate?.();
  }

  return (
    <div ref={rootRef} className={cn("relative", className)} onFocus={onFocus} onBlur={onBlur} onKeyDown={onKeyDown}>
      <form role="search" onSubmit={onSubmit} className="relative">
        <label htmlFor={inputId} className="sr-only">
          Buscar cidade
        </label>
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-subtle" />
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setDismissed(false);
          }}
          placeholder="Buscar cidade..."
          autoComplete="off"
          role="combobox"
          aria-expanded={open}
          aria-controls={panelId}
          aria-autocomplete="list"
          className="h-10 w-full rounded-full border border-line bg-surface-2/80 pr-4 pl-10 text-sm text-ink transition-colors placeholder:text-ink-subtle hover:border-line-strong focus-visible:border-accent/60"
        />
      </form>
      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full z-dropdown mt-2 min-w-72 origin-top animate-pop-in overflow-hidden rounded-2xl border border-line bg-surface shadow-elevated"
      >
        {open && (
          <Suspense fallback={null}>
            <CitySearchResults
              term={term}
              isSearching={isSearching}
              citiesFound={cities.length}
              previews={previews}
              previewsLoading={previewsLoading}
              onPicked={onPicked}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}
