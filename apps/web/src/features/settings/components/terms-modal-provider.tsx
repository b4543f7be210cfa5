import { createContext, lazy, type ReactNode, Suspense, useContext, useMemo, useState } from "react";

// The modal (terms text, plans) is downloaded when it is first opened: no page shows it on its first paint.
const TermsModal = lazy(() => import("./terms-modal").then((m) => ({ default: m.TermsModal })));

type TermsModalControls = { openTerms: () => void; closeTerms: () => void };

const TermsModalContext = createContext<TermsModalControls | null>(null);

/** One Terms modal for the whole app; anything inside opens it with useTermsModal().openTerms(). */
export function TermsModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on (never during server rendering), then kept so closing can animate.
  const [opened, setOpened] = useState(false);
  const controls = useMemo(
    () => ({
      openTerms: () => {
        setOpened(true);
        setOpen(true);
      },
      closeTerms: () => setOpen(false),
    }),
    [],
  );
  return (
    <TermsModalContext.Provider value={controls}>
      {children}
      {opened && (
        <Suspense fallback={null}>
          <TermsModal open={open} onClose={controls.closeTerms} />
        </Suspense>
      )}
    </TermsModalContext.Provider>
  );
}

export function useTermsModal(): TermsModalControls {
  const controls = useContext(TermsModalContext);
  if (!controls) throw new Error("useTermsModal must be used inside <TermsModalProvider>");
  return controls;
}
