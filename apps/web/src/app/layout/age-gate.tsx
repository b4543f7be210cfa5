import { useSyncExternalStore } from "react";
import { Button, Modal } from "@/components/ui";
import { useTermsModal } from "@/features/settings/components/terms-modal-provider";

/** localStorage key (e2e/harness.ts sets it to skip the gate). */
export const AGE_CONFIRMED_KEY = "ageConfirmed";

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
    // storage unavailable: the gate closes for this visit only
  }
  for (const l of listeners) l();
}

let confirmedThisVisit = false;
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const getSnapshot = () => confirmedThisVisit || readConfirmed();
// On a server we do not know yet: render no gate, the client decides.
const getServerSnapshot = () => true;

/** Age gate: full-screen, not dismissible, remembered on the device once accepted. */
export function AgeGate() {
  const confirmed = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const { openTerms } = useTermsModal();
  return (
    <Modal
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
        <Button
          size="lg"
          fullWidth
          className="mt-7"
          onClick={() => {
            confirmedThisVisit = true;
            confirmAge();
          }}
        >
          Entrar no site
        </Button>
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
