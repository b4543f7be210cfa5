import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { cn } from "@/lib/cn";

/**
 * PLACEHOLDER for the header city search (SPEC §2 "City search box"); the cities issue replaces this file.
 * Today: a search field whose non-empty submit goes to /?search={text}. Keep the props when replacing it:
 * `onNavigate` lets the mobile menu close after a choice.
 */
export function CitySearchBox({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const [text, setText] = useState("");
  const navigate = useNavigate();
  const inputId = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const search = text.trim();
    if (!search) return;
    navigate(`/?search=${encodeURIComponent(search)}`);
    setText("");
    onNavigate?.();
  }

  return (
    <form role="search" onSubmit={onSubmit} className={cn("relative", className)}>
      <label htmlFor={inputId} className="sr-only">
        Buscar cidade
      </label>
      <svg
        aria-hidden
        viewBox="0 0 20 20"
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-subtle"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <circle cx="9" cy="9" r="5.5" />
        <path d="m13.5 13.5 3 3" strokeLinecap="round" />
      </svg>
      <input
        id={inputId}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Buscar cidade..."
        autoComplete="off"
        className="h-10 w-full rounded-full border border-line bg-surface-2/80 pr-4 pl-10 text-sm text-ink placeholder:text-ink-subtle transition-colors outline-none hover:border-line-strong focus-visible:border-accent/60 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent"
      />
    </form>
  );
}
