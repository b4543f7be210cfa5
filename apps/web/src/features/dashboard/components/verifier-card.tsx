import { VERIFIER_RESULT_PARAM, VERIFIER_RESULTS, type VerifierResult } from "@vitrine/contracts";
import { Button, Card } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { useSearchParams } from "@/lib/router";
import { useStartVerifier } from "../api/own-verification";

/**
 * The way in through the identity verifier (when the site has one): she leaves for its document, selfie and
 * liveness check and comes back to this page with the result. Review by the team stays below as the other way.
 */
export function VerifierCard({ name }: { name: string }) {
  const start = useStartVerifier();
  return (
    <Card
      title={`Verificar com ${name}`}
      description="O jeito mais rápido: a verificação é feita na hora, sem esperar a análise da equipe."
    >
      <ol className="grid gap-2 text-sm text-ink-muted sm:grid-cols-3">
        {["Foto do documento", "Selfie", "Prova de vida"].map((step, i) => (
          <li key={step} className="flex items-center gap-3 rounded-xl border border-line bg-surface-2 px-4 py-3">
            <span
              aria-hidden="true"
              className="grid size-7 shrink-0 place-items-center rounded-full border border-accent/50 text-xs font-semibold text-accent"
            >
              {i + 1}
            </span>
            <span className="text-ink">{step}</span>
          </li>
        ))}
      </ol>
      <p className="mt-4 text-sm text-ink-muted">
        Você vai para o site do verificador e volta para cá ao terminar. O site recebe só a sua data de nascimento e a
        confirmação de que é você; nenhuma foto fica guardada aqui.
      </p>
      {start.isError && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {errorMessage(start.error, "Não foi possível abrir o verificador. Tente de novo.")}
        </p>
      )}
      <Button
        className="mt-4 w-full sm:w-auto"
        loading={start.isPending || start.isSuccess}
        onClick={() => start.mutate()}
      >
        {/* The verifier's name may be long: on a phone the label wraps inside the button's height. */}
        <span className="text-center leading-tight whitespace-normal">Verificar com {name}</span>
      </Button>
    </Card>
  );
}

const RESULT_NOTICES: Record<VerifierResult, { text: string; tone: "success" | "warning" | "danger" }> = {
  aprovada: { text: "Identidade verificada pelo verificador.", tone: "success" },
  menor: {
    text: "O verificador indicou idade menor de 18 anos: a conta foi congelada e a equipe vai analisar.",
    tone: "danger",
  },
  recusada: { text: "O verificador confirmou a identidade, mas a verificação foi recusada.", tone: "danger" },
  cancelada: {
    text: "Você cancelou a verificação no verificador. Tente de novo quando quiser ou envie os documentos para análise.",
    tone: "warning",
  },
  falhou: {
    text: "Não foi possível concluir a verificação no verificador. Tente de novo em alguns minutos ou envie os documentos para análise.",
    tone: "warning",
  },
};

const TONES = {
  success: "border-success/35 bg-success-soft",
  warning: "border-warning/35 bg-warning-soft",
  danger: "border-danger/35 bg-danger-soft",
};

/** What the verifier answered, on her return (`?verificador=…`). */
export function VerifierResultNotice() {
  const [params] = useSearchParams();
  const result = params.get(VERIFIER_RESULT_PARAM);
  if (!(VERIFIER_RESULTS as readonly (string | null)[]).includes(result)) return null;
  const notice = RESULT_NOTICES[result as VerifierResult];
  return (
    <div
      role={notice.tone === "success" ? "status" : "alert"}
      className={`rounded-2xl border px-5 py-4 text-sm text-ink ${TONES[notice.tone]}`}
      data-verifier-result={result}
    >
      {notice.text}
    </div>
  );
}
