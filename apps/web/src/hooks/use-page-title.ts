import { useEffect } from "react";

const SITE = "Vitrine";

/**
 * Sets document.title to "{title} · Vitrine" while the page is shown; `{ full: true }` sets the title as given
 * (the public pages, whose titles the server writes the same way).
 */
export function usePageTitle(title: string | null | undefined, options: { full?: boolean } = {}) {
  const full = options.full ?? false;
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = full ? title : `${title} · ${SITE}`;
    return () => {
      document.title = previous;
    };
  }, [title, full]);
}
