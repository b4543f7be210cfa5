import {
  AGE_CHECK_CANCELLED_MESSAGE,
  AGE_CHECK_FAILED_MESSAGE,
  AGE_REFUSED_MESSAGE,
  AGE_RESULT_PARAM,
  AGE_RESULTS,
  type AgeAssuranceMode,
  ageGateCookie,
  hasAgeGateCookie,
} from "@vitrine/contracts";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useSyncExternalStore } from "react";
import { Button, buttonClasses, Modal } from "@/components/ui";
import { getAgeStatus } from "@/features/age-assurance/api/get-age-status";
import { useTermsModal } from "@/features/settings/components/terms-modal-provider";
import { setAgeVerificationRequiredHandler } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { type Location, useLocation } from "@/lib/router";

/** localStorage key (e2e/harness.ts sets it to skip the gate). */
export const AGE_CONFIRMED_KEY = "ageConfirmed";

/**
 * The age check in force, as the page knows it: the mode, the verifier's name (null without one) and, with a
 * verifier, whether this browser holds a valid age pass (null while not known: a page the browser rendered
 * itself, before GET /api/age/status answers).
 */
export type AgeAssurance = { mode: AgeAssuranceMode; verifierName: string | null; passed: boolean | null };

/** Before anything tells otherwise: the click-through gate, as in a build without a server. */
const SELF_DECLARATION: AgeAssurance = { mode: "self-declaration", verifierName: null, passed: null };

function hasAgeCookie(): boolean {
  return typeof document !== "undefined" && hasAgeGateCookie(document.cookie);
}

function writeAgeCookie() {
  document.cookie = ageGateCookie(window.location.protocol === "https:");
}

type Rendered = {
  /** The server rendered the page for a visitor who had accepted, or who held a pass (undefined: not rendered). */
  accepted: boolean | undefined;
  /** The age check the server rendered the page with (the page's first render must match it). */
  assurance: AgeAssurance;
  /** Whether `pathname` is a page a verifier's gate covers: the pages of adult content (lib/route-match isAdultPath). */
  isGatedPath: (pathname: string) => boolean;
};

const RenderedContext = createContext<Rendered>({
  accepted: undefined,
  assurance: SELF_DECLARATION,
  isGatedPath: () => false,
});

/** Tells the gate what the server knew (its cookies, the mode), so hydration renders the same as the server did. */
export function AgeGateProvider({ children, ...rendered }: Rendered & { children: ReactNode }) {
  return <RenderedContext.Provider value={rendered}>{children}</RenderedContext.Provider>;
}

const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

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
  notify();
}

let confirmedThisVisit = false;
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const getSnapshot = () => confirmedThisVisit || readConfirmed() || hasAgeCookie();

/** The browser's copy of the age check in force (set by startAgeAssurance; only ever read in the browser). */
let assurance: AgeAssurance = SELF_DECLARATION;

function setAgeAssurance(next: Partial<AgeAssurance>) {
  assurance = { ...assurance, ...next };
  notify();
}

/**
 * Starts the browser's side of age assurance with what the page tells (null: nothing) and answers the state the
 * first render uses. A verifier's pass not known from the page, or a page that tells nothing, is asked of GET
 * /api/age/status. An API call refused with AGE_VERIFICATION_REQUIRED (the pass expired) brings the gate back.
 */
export function startAgeAssurance(initial: AgeAssurance | null): AgeAssurance {
  assurance = initial ?? SELF_DECLARATION;
  setAgeVerificationRequiredHandler(() => setAgeAssurance({ mode: "verifier", passed: false }));
  if (!initial || (initial.mode === "verifier" && initial.passed === null)) {
    getAgeStatus().then(
      (status) => setAgeAssurance({ mode: status.mode, verifierName: status.verifier_name, passed: status.passed }),
      () => {
        // Unknown: the adult-content calls themselves answer AGE_VERIFICATION_REQUIRED when it matters.
      },
    );
  }
  return assurance;
}

function useAssurance(): AgeAssurance {
  const rendered = useContext(RenderedContext).assurance;
  const getServerSnapshot = useCallback(() => rendered, [rendered]);
  return useSyncExternalStore(subscribe, () => assurance, getServerSnapshot);
}

/** Whether the visitor has accepted the self-declared age gate (a verifier's gate is useAgeGate's). */
function useAgeConfirmed(): boolean {
  const rendered = useContext(RenderedContext).accepted;
  // The server renders the gate unless the cookie says accepted; without a server render, the client decides.
  const getServerSnapshot = useCallback(() => rendered ?? true, [rendered]);
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/**
 * Whether the age gate covers the page, and the check in force. Self-declaration: every page until accepted. A
 * verifier: the pages of adult content — those the server renders (home, city, profile) and a product's checkout —
 * while the browser holds no valid age pass; the sign-in, dashboard and admin pages never.
 */
export function useAgeGate(): { open: boolean; assurance: AgeAssurance } {
  const confirmed = useAgeConfirmed();
  const current = useAssurance();
  const { isGatedPath } = useContext(RenderedContext);
  const { pathname } = useLocation();
  if (current.mode === "verifier")
    return { open: current.passed === false && isGatedPath(pathname), assurance: current };
  return { open: !confirmed, assurance: current };
}

/**
 * Age gate: a modal dialog over the whole page (labelled by its title, the focus moved into it and kept there),
 * not dismissible, the page behind it not rendered at all (root-layout). Self-declaration: "Entrar no site",
 * remembered on the device once accepted. A verifier: "Verificar minha idade" leads to the verifier.
 */
export function AgeGate() {
  const { open, assurance: current } = useAgeGate();
  if (current.mode === "verifier") return <VerifierGate open={open} verifierName={current.verifierName} />;
  return <SelfDeclarationGate open={open} />;
}

const GATE_TITLE = "Conteúdo adulto (+18)";
const GATE_ICON = (
  <div className="flex size-20 items-center justify-center rounded-full border border-accent/50 bg-accent-soft font-display text-3xl font-semibold text-accent">
    18+
  </div>
);

function GateModal({ open, children }: { open: boolean; children: ReactNode }) {
  return (
    <Modal
      inline
      open={open}
      onClose={() => {}}
      dismissible={false}
      size="md"
      align="center"
      backdropClassName="bg-canvas/90 backdrop-blur-xl"
      title={GATE_TITLE}
      icon={GATE_ICON}
    >
      <div className="flex flex-col items-center pb-2 text-center">{children}</div>
    </Modal>
  );
}

function TermsLink() {
  const { openTerms } = useTermsModal();
  return (
    <button
      type="button"
      onClick={openTerms}
      className="mt-4 rounded-md text-sm text-accent underline-offset-4 hover:underline"
    >
      Ler Termos de Uso
    </button>
  );
}

function SelfDeclarationGate({ open }: { open: boolean }) {
  const location = useLocation();
  useEffect(() => {
    // Accepted on this device before the cookie existed: the server learns it for the next page.
    if (!open && !hasAgeCookie()) writeAgeCookie();
  }, [open]);
  return (
    <GateModal open={open}>
      <p className="text-[0.95rem] leading-relaxed text-ink-muted">
        Este site contém anúncios e imagens destinados exclusivamente a maiores de 18 anos. Ao entrar, você declara ter
        18 anos ou mais, assume total responsabilidade pelo seu acesso e concorda com os Termos de Uso.
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
      <TermsLink />
    </GateModal>
  );
}

/**
 * What the gate says of the verifier's answer the page came back with (`?idade=…`), and its button (null: none),
 * or null without an answer. A cancelled check is no failure: it says so and offers to start again. A minor's
 * result offers no retry.
 */
function resultOf(search: string): { message: string; tone: "neutral" | "error"; action: string | null } | null {
  const result = new URLSearchParams(search).get(AGE_RESULT_PARAM);
  if (result === AGE_RESULTS.under18) return { message: AGE_REFUSED_MESSAGE, tone: "error", action: null };
  if (result === AGE_RESULTS.cancelled) {
    return { message: AGE_CHECK_CANCELLED_MESSAGE, tone: "neutral", action: "Começar de novo" };
  }
  if (result === AGE_RESULTS.failed) {
    return { message: AGE_CHECK_FAILED_MESSAGE, tone: "error", action: "Tentar novamente" };
  }
  return null;
}

/** The page to come back to after the check: this one, without the previous answer. */
function returnPath({ pathname, search }: Location): string {
  const params = new URLSearchParams(search);
  params.delete(AGE_RESULT_PARAM);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

function VerifierGate({ open, verifierName }: { open: boolean; verifierName: string | null }) {
  const location = useLocation();
  const result = resultOf(location.search);
  const action = result ? result.action : "Verificar minha idade";
  // A plain link: the check works before the script has run, or without one.
  const start = `${apiPaths.age.start}?next=${encodeURIComponent(returnPath(location))}`;
  return (
    <GateModal open={open}>
      {result && (
        <p
          role={result.tone === "error" ? "alert" : "status"}
          className={
            result.tone === "error"
              ? "mb-5 w-full rounded-xl border border-danger/40 bg-danger-soft px-4 py-3 text-sm text-danger"
              : "mb-5 w-full rounded-xl border border-line-strong bg-surface-2 px-4 py-3 text-sm text-ink"
          }
        >
          {result.message}
        </p>
      )}
      <p className="text-[0.95rem] leading-relaxed text-ink-muted">
        Este site contém anúncios e imagens destinados exclusivamente a maiores de 18 anos. A idade de quem entra é
        verificada por <strong className="font-medium text-ink">{verifierName ?? "um verificador de idade"}</strong>: o
        site recebe apenas a resposta “maior de 18”, nunca seus documentos ou sua data de nascimento. Ao entrar, você
        assume total responsabilidade pelo seu acesso e concorda com os Termos de Uso.
      </p>
      {action && (
        <a href={start} className={buttonClasses({ size: "lg", fullWidth: true, className: "mt-7" })}>
          {action}
        </a>
      )}
      <TermsLink />
    </GateModal>
  );
}
