import { type AgeAssuranceMode, ageGateCookie, hasAgeGateCookie } from "@vitrine/contracts";
import {
  type ComponentType,
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useSyncExternalStore,
} from "react";
import { getAgeStatus } from "@/features/age-assurance/api/get-age-status";
import { setAgeVerificationRequiredHandler } from "@/lib/api-client";
import { useLocation } from "@/lib/router";
import type { AgeGateDialogProps } from "./age-gate-dialog";

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

/** The visitor accepts the self-declared gate ("Entrar no site"): remembered for this visit and on the device. */
function acceptAgeGate() {
  confirmedThisVisit = true;
  confirmAge();
}
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

type GateDialog = ComponentType<AgeGateDialogProps>;

/** The gate's dialog once its module is loaded: from then on it renders at once, without suspending. */
let LoadedDialog: GateDialog | null = null;
let loadingDialog: Promise<GateDialog> | null = null;

/**
 * Loads the gate's dialog, a module of its own: most pages are shown to visitors who passed the gate and never need
 * it. The server loads it before rendering, the browser before a first render that shows the gate
 * (preloadAgeGateForStart), so that a server-rendered gate hydrates in the first pass.
 */
export function preloadAgeGateDialog(): Promise<GateDialog> {
  loadingDialog ??= import("./age-gate-dialog").then(
    (module) => (LoadedDialog = module.AgeGateDialog),
    (err: unknown) => {
      loadingDialog = null;
      throw err;
    },
  );
  return loadingDialog;
}

const LazyDialog = lazy(async () => ({ default: await preloadAgeGateDialog() }));

/**
 * Loads the gate's dialog when the app's first render may show it: the server rendered the page with the gate
 * (`accepted` false), or, on a page the browser renders (`accepted` undefined), the self-declaration is not
 * accepted on this device. Call after startAgeAssurance.
 */
export function preloadAgeGateForStart(accepted: boolean | undefined): Promise<unknown> {
  const shown = accepted === undefined ? assurance.mode === "self-declaration" && !getSnapshot() : !accepted;
  return shown ? preloadAgeGateDialog() : Promise.resolve();
}

/**
 * Age gate: a modal dialog over the whole page (./age-gate-dialog.tsx), not dismissible, the page behind it not
 * rendered at all (root-layout).
 */
export function AgeGate() {
  const { open, assurance: current } = useAgeGate();
  const selfDeclaration = current.mode === "self-declaration";
  useEffect(() => {
    // Accepted on this device before the cookie existed: the server learns it for the next page.
    if (selfDeclaration && !open && !hasAgeCookie()) writeAgeCookie();
  }, [selfDeclaration, open]);
  if (!open) return null;
  const props = { mode: current.mode, verifierName: current.verifierName, onAccept: acceptAgeGate };
  if (LoadedDialog) return <LoadedDialog {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyDialog {...props} />
    </Suspense>
  );
}
