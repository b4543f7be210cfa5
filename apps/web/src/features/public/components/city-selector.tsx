import type { City } from "@vitrine/contracts";
import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "@/lib/router";
import { Spinner } from "@/components/ui";
import { useCities } from "@/features/cities/api/get-cities";
import { useStates } from "@/features/cities/api/get-states";
import { cityTarget } from "@/features/cities/lib/city-navigation";
import { cn } from "@/lib/cn";
import { appPaths } from "@/lib/public-paths";
import { formatCount } from "../lib/format";
import { ChevronIcon, PinIcon } from "./icons";

const ALL_STATES = "";

/**
 * City selector: a button opening a panel with a state filter ("Todos os Estados" and each state with
 * its model count) and the cities that have models. Choosing a city goes to its route and scrolls to the grid.
 */
export function CitySelector({ current }: { current: Pick<City, "id" | "name" | "state"> | null }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState(ALL_STATES);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const stateSelectId = useId();
  const navigate = useNavigate();
  const states = useStates({ enabled: open });
  const cities = useCities({ state: state || null, enabled: open });

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    }
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  function choose(city: City | null) {
    setOpen(false);
    if (!city) {
      navigate(appPaths.home);
      return;
    }
    const target = cityTarget(city);
    navigate(target.to, { state: target.state });
  }

  const list = cities.data ?? [];

  return (
    <div ref={rootRef} className="relative w-full max-w-md">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-haspopup="dialog"
        onClick={() => setOpen((v) => !v)}
        className={cn(
          "flex h-14 w-full items-center gap-3 rounded-full border bg-surface/80 pr-4 pl-5 text-left shadow-elevated backdrop-blur-md transition-colors",
          open ? "border-accent/60" : "border-line-strong hover:border-accent/50",
        )}
      >
        <PinIcon className="size-5 shrink-0 text-accent" />
        <span className="min-w-0 flex-1">
          <span className="block text-[0.65rem] font-semibold tracking-[0.2em] text-ink-subtle uppercase">Cidade</span>
          <span className="block truncate text-[0.95rem] text-ink">
            {current ? `${current.name} - ${current.state}` : "Selecione uma cidade"}
          </span>
        </span>
        <ChevronIcon
          direction="down"
          className={cn("size-5 shrink-0 text-ink-subtle transition-transform", open && "rotate-180")}
        />
      </button>

      <div
        id={panelId}
        role="dialog"
        aria-label="Escolher cidade"
        hidden={!open}
        className="absolute inset-x-0 top-full z-dropdown mt-2 origin-top animate-pop-in overflow-hidden rounded-3xl border border-line bg-surface text-left shadow-elevated"
      >
        <div className="border-b border-line/70 p-3">
          <label htmlFor={stateSelectId} className="sr-only">
            Estado
          </label>
          <div className="relative">
            <select
              id={stateSelectId}
              value={state}
              onChange={(e) => setState(e.target.value)}
              className="h-11 w-full cursor-pointer appearance-none rounded-xl border border-line bg-surface-2 pr-10 pl-4 text-sm text-ink hover:border-line-strong"
            >
              <option value={ALL_STATES}>Todos os Estados</option>
              {(states.data ?? []).map((s) => (
                <option key={s.state} value={s.state}>
                  {`${s.state} (${formatCount(s.models_count)})`}
                </option>
              ))}
            </select>
            <ChevronIcon
              direction="down"
              className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-ink-subtle"
            />
          </div>
        </div>
        <div className="max-h-80 overflow-y-auto overscroll-contain p-2">
          {current && (
            <button type="button" onClick={() => choose(null)} className={optionClasses(false)}>
              <span className="flex-1 text-ink-muted">Todas as cidades</span>
            </button>
          )}
          {cities.isPending ? (
            <p className="flex items-center gap-2.5 px-3 py-3 text-sm text-ink-muted">
              <Spinner size="sm" className="text-accent" />
              Carregando cidades...
            </p>
          ) : list.length === 0 ? (
            <p className="px-3 py-3 text-sm text-ink-muted">Nenhuma cidade encontrada</p>
          ) : (
            <ul aria-label="Cidades com modelos">
              {list.map((city) => (
                <li key={city.id}>
                  <button
                    type="button"
                    onClick={() => choose(city)}
                    aria-current={current?.id === city.id ? "true" : undefined}
                    className={optionClasses(current?.id === city.id)}
                  >
                    <span className="min-w-0 flex-1 truncate">
                      {city.name} <span className="text-ink-subtle">- {city.state}</span>
                    </span>
                    <span className="shrink-0 rounded-full bg-surface-3 px-2 py-0.5 text-xs text-ink-muted tabular-nums">
                      {formatCount(city.models_count)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}

const optionClasses = (active: boolean) =>
  cn(
    "flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm transition-colors",
    active ? "bg-accent-soft text-accent" : "text-ink hover:bg-surface-3",
  );
