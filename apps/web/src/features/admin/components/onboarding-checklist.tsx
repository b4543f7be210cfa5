import type { OnboardingStep } from "@vitrine/contracts";
import { Card } from "@/components/ui";
import { cn } from "@/lib/cn";
import { appPaths } from "@/lib/paths";
import { Link } from "@/lib/router";
import { useOnboarding } from "../api/get-onboarding";

/** What each step asks and where it is done (the settings sections and the plans table have these anchors). */
const STEPS: Record<OnboardingStep["id"], { label: string; hint: string; to: string }> = {
  site: {
    label: "Nome e URL do site",
    hint: "O endereço público usado nos links, no retorno dos pagamentos e no SEO.",
    to: `${appPaths.adminSettings}#settings-home`,
  },
  contacts: {
    label: "Contatos do site",
    hint: "O e-mail ou o WhatsApp de suporte que visitantes e modelos veem nos Termos e no rodapé.",
    to: `${appPaths.adminSettings}#settings-contact`,
  },
  pix: {
    label: "Chave PIX",
    hint: "Para receber as renovações das modelos por PIX.",
    to: `${appPaths.adminSettings}#settings-pix`,
  },
  mercadopago: {
    label: "Mercado Pago",
    hint: "O access token do ambiente escolhido, para cartão, boleto e PIX automático.",
    to: `${appPaths.adminSettings}#settings-provider`,
  },
  plans: {
    label: "Planos",
    hint: "Os três planos iniciais são exemplos: ajuste nomes e preços.",
    to: `${appPaths.adminSettings}#plans`,
  },
  model: {
    label: "Primeira modelo",
    hint: "Cadastre uma modelo ou divulgue a página de cadastro.",
    to: appPaths.adminModels,
  },
};

/**
 * "Primeiros passos" on the admin dashboard: the steps of a new site, each linking to where it is done and
 * ticked from the server's data. Shown until every step is done; nothing while loading or on an error.
 */
export function OnboardingChecklist() {
  const { data: steps } = useOnboarding();
  if (!steps || steps.every((step) => step.done)) return null;
  const done = steps.filter((step) => step.done).length;
  return (
    <Card
      aria-labelledby="onboarding-title"
      className="mb-10"
      title={<span id="onboarding-title">Primeiros passos</span>}
      description={`${done} de ${steps.length} concluídos. Este quadro some quando tudo estiver pronto.`}
    >
      <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {steps.map((step) => (
          <li key={step.id}>
            <StepLink step={step} />
          </li>
        ))}
      </ol>
    </Card>
  );
}

function StepLink({ step }: { step: OnboardingStep }) {
  const { label, hint, to } = STEPS[step.id];
  return (
    <Link
      to={to}
      className={cn(
        "flex h-full items-start gap-3 rounded-xl border p-4 transition-colors",
        step.done ? "border-line bg-surface-2/40" : "border-line bg-surface-2 hover:border-accent/50",
      )}
    >
      <span
        aria-hidden
        className={cn(
          "mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border text-sm font-bold",
          step.done ? "border-accent bg-accent text-accent-ink" : "border-ink-muted text-transparent",
        )}
      >
        ✓
      </span>
      <span className="min-w-0">
        <span className={cn("block font-semibold", step.done ? "text-ink-muted line-through" : "text-ink")}>
          {label}
          <span className="sr-only">{step.done ? " (concluído)" : " (pendente)"}</span>
        </span>
        <span className="mt-1 block text-sm text-ink-muted">{hint}</span>
      </span>
    </Link>
  );
}
