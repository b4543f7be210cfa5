import { createContext, type ReactNode, useCallback, useContext, useEffect, useSyncExternalStore } from "react";
import { Button, Modal } from "@/components/ui";
import { useTermsModal } from "@/features/settings/components/terms-modal-provider";
import { apiPaths } from "@/lib/paths";
import { useLocation } from "@/lib/router";

/** localStorage key (e2e/harness.ts sets it to skip the gate). */
export const AGE_CONFIRMED_KEY = "ageConfirmed";
/** The cookie the server reads to render a page without the gate: `age_ok=1`, one year, SameSite=Lax. */
export const AGE_COOKIE = "age_ok";
const AGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

function hasAgeCookie(): boolean {
  return typeof document !== "undefined" && document.cookie.split(/;\s*/).includes(`${AGE_COOKIE}=1`);
}

function writeAgeCookie() {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${AGE_COOKIE}=1; Path=/; Max-Age=${AGE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}

/** Whether the server rendered the page for a visitor who had accepted (undefined: not server-rendered). */
const RenderedAccepted = createContext<boolean | undefined>(undefined);

/** Tells the gate what the server knew (its cookie), so hydration renders the same as the server did. */
export function AgeGateProvider({ accepted, children }: { accepted: boolean | undefined; children: ReactNode }) {
  return <RenderedAccepted.Provider value={accepted}>{children}</RenderedAccepted.Provider>;
}

const listeners = new Set<() => void>();

function readConfirmed(): boolean {
  try {
    return window.localStorage.getItem(AGE_CONFIRMED_KEY) === "true";
  } catch {
    return false;
  }
}

function confirmAge() {
  try {
    window.localStorage.setItem(AGE_CONFIRMED_KEY, "true");
  } catch {
    // storage unavailable: the cookie (or this visit) remembers it
  }
  writeAgeCookie();
  for (const l of listeners) l();
}

let confirmedThisVisit = false;
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const getSnapshot = () => confirmedThisVisit || readConfirmed() || hasAgeCookie();

/** Whether the visitor has accepted the age gate (while not, the gate is shown and the page behind it is inert). */
export function useAgeConfirmed(): boolean {
  const rendered = useContext(RenderedAccepted);
  // The server renders the gate unless the cookie says accepted; without a server render, the client decides.
  const getServerSnapshot = useCallback(() => rendered ?? true, [rendered]);
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/**
 * Age gate: a modal dialog over the whole page (labelled by its title, the focus moved into it and kept there),
 * not dismissible, remembered on the device once accepted.
 */
export function AgeGate() {
  const confirmed = useAgeConfirmed();
  const { openTerms } = useTermsModal();
  const location = useLocation();
  useEffect(() => {
    // Accepted on this device before the cookie existed: the server learns it for the next page.
    if (confirmed && !hasAgeCookie()) writeAgeCookie();
  }, [confirmed]);
  return (
    <Modal
      inline
      open={!confirmed}
      onClose={() => {}}
      dismissible={false}
      size="md"
      align="center"
      backdropClassName="bg-canvas/90 backdrop-blur-xl"
      title="Conteúdo adulto (+18)"
      icon={
        <div className="flex size-20 items-center justify-center rounded-full border border-accent/50 bg-accent-soft font-display text-3xl font-semibold text-accent">
          18+
        </div>
      }
    >
      <div className="flex flex-col items-center pb-2 text-center">
        <p className="text-[0.95rem] leading-relaxed text-ink-muted">
          Este site contém anúncios e imagens destinados exclusivamente a maiores de 18 anos. Ao entrar, você declara
          ter 18 anos ou mais, assume total responsabilidade pelo seu acesso e concorda com os Termos de Uso.
        </p>
        {/* A real form: before the script has run (or without one) it asks the server to set the cookie and
            come back to this page; with the script, the page accepts at once. */}
        <form
          method="get"
          action={apiPaths.ageGate}
          className="mt-7 w-full"
          onSubmit={(event) => {
            event.preventDefault();
            confirmedThisVisit = true;
            confirmAge();
          }}
        >
          <input type="hidden" name="next" value={location.pathname + location.search} />
          <Button type="submit" size="lg" fullWidth>
            Entrar no site
          </Button>
        </form>
        <button
          type="button"
          onClick={openTerms}
          className="mt-4 rounded-md text-sm text-accent underline-offset-4 hover:underline"
        >
          Ler Termos de Uso
        </button>
      </div>
    </Modal>
  );
}
