import { Button } from "@/components/ui";
import { useTermsModal } from "@/features/settings/components/terms-modal-provider";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useAcceptTerms, useTermsConsent } from "../api/terms-consent";

/**
 * The dashboard asks her to accept the Termos de Uso when they changed since she last accepted them (her
 * acceptance, with its version and time, is recorded by the server).
 */
export function TermsConsentPrompt() {
  const consent = useTermsConsent();
  const accept = useAcceptTerms();
  const { openTerms } = useTermsModal();
  const data = consent.data;
  if (!data || data.accepted_version === data.current_version) return null;
  return (
    <section
      aria-label="Termos de Uso atualizados"
      className="flex flex-col gap-4 rounded-2xl border border-line-strong bg-surface px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 className="font-display text-lg font-semibold text-ink">Os Termos de Uso mudaram</h2>
        <p className="mt-1 text-sm text-ink-muted">
          Leia a nova versão e confirme que concorda com ela.{" "}
          <button type="button" onClick={openTerms} className="text-accent underline underline-offset-2">
            Ler Termos de Uso
          </button>
        </p>
      </div>
      <Button
        size="sm"
        onClick={() =>
          accept.mutate(undefined, {
            onSuccess: () => toast.success("Obrigada! Sua aceitação foi registrada."),
            onError: (err) => toast.error(errorMessage(err, "Não foi possível registrar sua aceitação")),
          })
        }
        loading={accept.isPending}
        loadingText="Registrando..."
      >
        Li e aceito
      </Button>
    </section>
  );
}
