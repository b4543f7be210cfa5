import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import { TermsModal } from "./terms-modal";

type TermsModalControls = { openTerms: () => void; closeTerms: () => void };

const TermsModalContext = createContext<TermsModalControls | null>(null);

/** One Terms modal for the whole app; anything inside opens it with useTermsModal().openTerms(). */
export function TermsModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const controls = useMemo(() => ({ openTerms: () => setOpen(true), closeTerms: () => setOpen(false) }), []);
  return (
    <TermsModalContext.Provider value={controls}>
      {children}
      <TermsModal open={open} onClose={controls.closeTerms} />
    </TermsModalContext.Provider>
  );
}

export function useTermsModal(): TermsModalControls {
  const controls = useContext(TermsModalContext);
  if (!controls) throw new Error("useTermsModal must be used inside <TermsModalProvider>");
  return controls;
}
