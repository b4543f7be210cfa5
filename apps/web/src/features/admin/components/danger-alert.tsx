import type { ReactNode } from "react";

/**
 * A red warning of the admin dashboard: a region named by its title, with a warning sign. The caller gives the
 * heading's id (unique on the page) and what the admin needs to read or do.
 *
 * <DangerAlert id="job-failures-title" title="Uma tarefa automática está falhando">…</DangerAlert>
 */
export function DangerAlert({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="mb-8 flex gap-4 rounded-2xl border border-danger/45 bg-danger-soft p-4 sm:p-5"
    >
      <svg
        viewBox="0 0 20 20"
        className="mt-0.5 size-6 shrink-0 text-danger"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden
      >
        <path d="M10 2.75 18 17H2L10 2.75Z" strokeWidth="1.5" strokeLinejoin="round" />
        <path d="M10 8v4m0 2.5h.01" strokeLinecap="round" />
      </svg>
      <div className="min-w-0 flex-1">
        <h2 id={id} className="font-semibold text-danger">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
