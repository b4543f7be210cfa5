import { type ReactNode, useEffect, useState } from "react";
import { cn } from "@/lib/cn";

/** Abstract artwork (public/hero/*.svg): no people, just light and silk. */
const HERO_IMAGES = ["/hero/silk.svg", "/hero/velvet.svg"] as const;
/** The artwork shown first (the phone background and the desktop side image): a listing page's largest paint. */
export const HERO_FIRST_IMAGE = HERO_IMAGES[0];
/** On phones the background alternates every 8 seconds. */
const SWAP_MS = 8000;

/**
 * The home hero: the wordmark between two side images (desktop), or over two alternating backgrounds (phones),
 * with the city selector underneath (`children`).
 */
export function Hero({ children, brandHeading = true }: { children: ReactNode; brandHeading?: boolean }) {
  // The page's one h1: the brand on the plain home page; a city or search page titles its results instead.
  const Brand = brandHeading ? "h1" : "p";
  const [current, setCurrent] = useState(0);
  // The second background is fetched halfway to its first swap, not with the page's first screen: it is not on
  // screen until then.
  const [secondLoaded, setSecondLoaded] = useState(false);
  useEffect(() => {
    const load = window.setTimeout(() => setSecondLoaded(true), SWAP_MS / 2);
    const timer = window.setInterval(() => setCurrent((i) => (i + 1) % HERO_IMAGES.length), SWAP_MS);
    return () => {
      window.clearTimeout(load);
      window.clearInterval(timer);
    };
  }, []);

  // No stacking context here (no isolate / z-index): the city selector's dropdown must stack with the page, above
  // the model grid that follows. The backgrounds are absolute and come first; the content is `relative`, so it
  // paints over them.
  return (
    <section aria-labelledby="hero-title" className="relative border-b border-line/60">
      {/* Phones: two full-bleed backgrounds cross-fading. */}
      <div aria-hidden className="absolute inset-0 overflow-hidden md:hidden" data-testid="hero-mobile-bg">
        {HERO_IMAGES.slice(0, secondLoaded ? HERO_IMAGES.length : 1).map((src, i) => (
          <img
            key={src}
            src={src}
            alt=""
            width={800}
            height={1200}
            // The first one is on screen at once; the other only after the first swap.
            fetchPriority={i === 0 ? "high" : "low"}
            data-active={i === current}
            className={cn(
              "absolute inset-0 size-full object-cover transition-opacity duration-[1600ms] ease-in-out",
              i === current ? "opacity-100" : "opacity-0",
            )}
          />
        ))}
        <div className="absolute inset-0 bg-gradient-to-b from-canvas/10 via-canvas/40 to-canvas" />
      </div>
      {/* Desktop: a soft glow behind the centre column. */}
      <div aria-hidden className="pointer-events-none absolute inset-0 hidden overflow-hidden md:block">
        <div className="absolute top-[-30%] left-1/2 h-[560px] w-[900px] -translate-x-1/2 rounded-full bg-[radial-gradient(closest-side,rgb(217_180_108/0.12),transparent)]" />
      </div>

      <div className="relative mx-auto grid max-w-7xl items-center gap-8 px-4 pt-16 pb-14 sm:px-6 md:grid-cols-[1fr_minmax(0,1.5fr)_1fr] md:py-14 lg:gap-12">
        <SideImage src={HERO_IMAGES[0]} className="-rotate-2" />
        <div className="flex flex-col items-center text-center">
          <p className="text-xs font-semibold tracking-[0.32em] text-accent uppercase">Anúncios por cidade · +18</p>
          <Brand id="hero-title" className="mt-4 flex items-baseline gap-2 font-display leading-none">
            <span className="text-6xl font-semibold tracking-[0.04em] text-ink sm:text-7xl lg:text-8xl">Vitrine</span>
            <span aria-hidden className="size-2.5 rounded-full bg-accent sm:size-3" />
          </Brand>
          <p className="mt-5 max-w-md text-[0.95rem] leading-relaxed text-ink-muted sm:text-base">
            Perfis selecionados, fotos reais e contato direto. Escolha sua cidade e conheça as modelos em destaque.
          </p>
          <div className="mt-8 flex w-full justify-center">{children}</div>
        </div>
        <SideImage src={HERO_IMAGES[1]} className="rotate-2" />
      </div>
    </section>
  );
}

function SideImage({ src, className }: { src: string; className?: string }) {
  return (
    <div
      aria-hidden
      className={cn(
        "relative hidden aspect-[2/3] max-h-[340px] w-full max-w-[230px] justify-self-center overflow-hidden rounded-[2rem] border border-accent/25 shadow-glow md:block",
        className,
      )}
    >
      {/* Lazy: the side images are desktop-only (never fetched on phones, where they are not displayed). */}
      <img src={src} alt="" width={800} height={1200} loading="lazy" className="size-full object-cover" />
      <div className="absolute inset-0 rounded-[2rem] ring-1 ring-white/5 ring-inset" />
    </div>
  );
}
