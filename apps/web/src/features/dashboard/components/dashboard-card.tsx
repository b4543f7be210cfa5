import type { ReactNode } from "react";

const ICONS = {
  profile: (
    <>
      <circle cx="12" cy="8" r="3.5" />
      <path d="M5 20c.8-3.6 3.6-5.5 7-5.5s6.2 1.9 7 5.5" strokeLinecap="round" />
    </>
  ),
  settings: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path
        d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z"
        strokeLinejoin="round"
      />
    </>
  ),
  sales: (
    <>
      <path d="M6 7h12l-1 12.5a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 7 19.5L6 7Z" strokeLinejoin="round" />
      <path d="M9 7V6a3 3 0 0 1 6 0v1" strokeLinecap="round" />
    </>
  ),
  stats: (
    <>
      <path d="M4 20h16" strokeLinecap="round" />
      <path d="M7 16v-4M12 16V8M17 16v-7" strokeLinecap="round" />
    </>
  ),
  payments: (
    <>
      <rect x="3" y="5.5" width="18" height="13" rx="2.5" />
      <path d="M3 10h18M7 15h3" strokeLinecap="round" />
    </>
  ),
} as const;

export type DashboardIcon = keyof typeof ICONS;

/** One of the dashboard's section cards: an emblem, a serif title, a line of text and its actions. */
export function DashboardCard({
  icon,
  title,
  text,
  children,
}: {
  icon: DashboardIcon;
  title: string;
  text: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="group relative flex flex-col overflow-hidden rounded-2xl border border-line bg-surface p-5 shadow-elevated transition-colors hover:border-accent/40 sm:p-6"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-8 top-0 h-px bg-gradient-to-r from-transparent via-accent/45 to-transparent opacity-60 transition-opacity group-hover:opacity-100"
      />
      <span
        aria-hidden="true"
        className="flex size-11 items-center justify-center rounded-full border border-accent/35 bg-accent-soft text-accent"
      >
        <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.6">
          {ICONS[icon]}
        </svg>
      </span>
      <h2 className="mt-4 font-display text-2xl leading-tight font-semibold text-ink">{title}</h2>
      <p className="mt-1 flex-1 text-sm text-ink-muted">{text}</p>
      <div className="mt-5 flex flex-wrap gap-2">{children}</div>
    </section>
  );
}
