import { useEffect } from "react";

const SITE = "Vitrine";

/** Sets document.title to "{title} · Vitrine" while the page is shown. */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · ${SITE}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
