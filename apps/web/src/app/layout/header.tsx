import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "@/lib/router";
import { Logo } from "@/components/logo";
import { buttonClasses } from "@/components/ui";
import { useSession } from "@/features/auth/session";
import { CitySearch } from "@/features/cities/components/city-search";
import { useTermsModal } from "@/features/settings/components/terms-modal-provider";
import { cn } from "@/lib/cn";
import { appPaths } from "@/lib/public-paths";

// Loaded when first needed (the phone menu opened, a signed-in visitor): public pages' first load stays light.
const MobileMenu = lazy(() => import("./mobile-menu").then((m) => ({ default: m.MobileMenu })));
const UserMenu = lazy(() => import("./user-menu").then((m) => ({ default: m.UserMenu })));

const navLinkClasses = ({ isActive }: { isActive?: boolean } = {}) =>
  cn(
    "relative rounded-full px-3.5 py-2 text-sm transition-colors",
    isActive
      ? "text-ink after:absolute after:inset-x-3.5 after:bottom-0.5 after:h-px after:bg-accent"
      : "text-ink-muted hover:text-ink",
  );

function SessionPlaceholder() {
  return <span className="h-10 w-40 animate-pulse rounded-full bg-surface-2" aria-hidden="true" />;
}

export function Header() {
  const session = useSession();
  const { openTerms } = useTermsModal();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  if (menuOpen && !menuLoaded) setMenuLoaded(true);
  const menuId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  const [lastKey, setLastKey] = useState(location.key);
  if (lastKey !== location.key) {
    setLastKey(location.key);
    setMenuOpen(false);
  }

  // Escape closes the phone menu and puts focus back on its button, unless something inside used the key
  // (the city search closing its dropdown).
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented) return;
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-header border-b border-line/70 bg-canvas/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Logo />
        <CitySearch className="mx-auto hidden w-full max-w-sm md:block" />
        <nav aria-label="Principal" className="hidden items-center gap-1 md:flex">
          <NavLink to="/" end className={navLinkClasses}>
            Início
          </NavLink>
          <NavLink to={appPaths.favourites} className={navLinkClasses}>
            Favoritas
          </NavLink>
          <button type="button" onClick={openTerms} className={navLinkClasses()}>
            Termos de Uso
          </button>
          <div className="ml-2 flex min-w-44 items-center justify-end gap-2">
            {session.status === "loading" ? (
              <SessionPlaceholder />
            ) : session.status === "signed-out" ? (
              <>
                <Link to={appPaths.login} className={buttonClasses({ variant: "ghost", size: "sm" })}>
                  Login
                </Link>
                <Link to={appPaths.register} className={buttonClasses({ variant: "primary", size: "sm" })}>
                  Cadastrar
                </Link>
              </>
            ) : (
              <Suspense fallback={<SessionPlaceholder />}>
                <UserMenu session={session} />
              </Suspense>
            )}
          </div>
        </nav>
        <button
          ref={menuButtonRef}
          type="button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? "Fechar menu" : "Abrir menu"}
          onClick={() => setMenuOpen((v) => !v)}
          className="-mr-1 ml-auto flex size-11 items-center justify-center rounded-full text-ink transition-colors hover:bg-surface-2 md:hidden"
        >
          <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden>
            {menuOpen ? (
              <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M10 17h10" strokeLinecap="round" />
            )}
          </svg>
        </button>
      </div>
      {menuLoaded ? (
        <Suspense fallback={<div id={menuId} hidden />}>
          <MobileMenu
            id={menuId}
            open={menuOpen}
            session={session}
            onClose={() => setMenuOpen(false)}
            onOpenTerms={() => {
              setMenuOpen(false);
              openTerms();
            }}
          />
        </Suspense>
      ) : (
        <div id={menuId} hidden />
      )}
    </header>
  );
}
