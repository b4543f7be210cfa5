import {
  AGE_CHECK_CANCELLED_MESSAGE,
  AGE_CHECK_FAILED_MESSAGE,
  AGE_REFUSED_MESSAGE,
  AGE_RESULT_PARAM,
  AGE_RESULTS,
  type AgeAssuranceMode,
} from "@vitrine/contracts";
import type { ReactNode } from "react";
import { Button, buttonClasses, Modal } from "@/components/ui";
import { useTermsModal } from "@/features/settings/components/terms-modal-provider";
import { apiPaths } from "@/lib/paths";
import { type Location, useLocation } from "@/lib/router";

export type AgeGateDialogProps = {
  mode: AgeAssuranceMode;
  /** The verifier's name (null without one). */
  verifierName: string | null;
  /** The visitor accepts the self-declaration ("Entrar no site"). */
  onAccept: () => void;
};

/**
 * The age gate's dialog (labelled by its title, the focus moved into it and kept there, not dismissible), shown
 * while the gate covers the page (./age-gate.tsx decides when). Self-declaration: "Entrar no site", remembered on
 * the device once accepted. A verifier: "Verificar minha idade" leads to the verifier.
 */
export function AgeGateDialog({ mode, verifierName, onAccept }: AgeGateDialogProps) {
  if (mode === "verifier") return <VerifierGate verifierName={verifierName} />;
  return <SelfDeclarationGate onAccept={onAccept} />;
}

const GATE_TITLE = "Conteúdo adulto (+18)";
const GATE_ICON = (
  <div className="flex size-20 items-center justify-center rounded-full border border-accent/50 bg-accent-soft font-display text-3xl font-semibold text-accent">
    18+
  </div>
);

function GateModal({ children }: { children: ReactNode }) {
  return (
    <Modal
      inline
      open
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

function SelfDeclarationGate({ onAccept }: { onAccept: () => void }) {
  const location = useLocation();
  return (
    <GateModal>
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
          onAccept();
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

function VerifierGate({ verifierName }: { verifierName: string | null }) {
  const location = useLocation();
  const result = resultOf(location.search);
  const action = result ? result.action : "Verificar minha idade";
  // A plain link: the check works before the script has run, or without one.
  const start = `${apiPaths.age.start}?next=${encodeURIComponent(returnPath(location))}`;
  return (
    <GateModal>
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
