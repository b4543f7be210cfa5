import { formatBRL, periodLabel, whatsappNumber } from "@vitrine/contracts";
import { useAgeCheckMode } from "../api/get-age-check-mode";
import { Badge, Button, Modal } from "@/components/ui";
import { usePublicPlans } from "../api/get-public-plans";
import { usePublicSettings } from "../api/get-public-settings";
import { TermsText } from "./terms-text";

/** A plan named after its period ("Semanal") does not repeat it underneath ("Semanal / SEMANAL"). */
const namedAfterPeriod = (plan: { name: string; period_type: string }) =>
  plan.name.trim().localeCompare(periodLabel(plan.period_type), "pt-BR", { sensitivity: "base" }) === 0;

function PlansList({ open }: { open: boolean }) {
  const { data: plans, isPending } = usePublicPlans({ enabled: open });
  if (isPending) return <p className="text-sm text-ink-muted">Carregando planos...</p>;
  if (!plans?.length) return <p className="text-sm text-ink-muted">Nenhum plano disponível no momento.</p>;
  return (
    <ul className="grid gap-2 sm:grid-cols-3">
      {plans.map((plan) => (
        <li
          key={plan.id}
          className="flex flex-col gap-1 rounded-xl border border-line bg-surface-2 p-4 data-[highlight=true]:border-accent/50"
          data-highlight={plan.highlight}
        >
          <div className="flex items-center justify-between gap-2">
            <span className="font-medium text-ink">{plan.name}</span>
            {plan.highlight && <Badge variant="accent">Recomendado</Badge>}
          </div>
          {!namedAfterPeriod(plan) && (
            <span className="text-xs tracking-wide text-ink-subtle uppercase">{periodLabel(plan.period_type)}</span>
          )}
          <span className="font-display text-2xl font-semibold text-accent">{formatBRL(plan.price)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The site's support contacts that are set; none set: nothing (an unset contact is never shown). */
function SupportContacts({ whatsapp, email }: { whatsapp: string; email: string }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      {whatsapp && (
        <div className="rounded-xl border border-line bg-surface-2 p-4">
          <dt className="text-xs tracking-wide text-ink-subtle uppercase">WhatsApp de suporte</dt>
          <dd className="mt-1">
            <a
              href={`https://wa.me/${whatsapp}`}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-accent underline-offset-4 hover:underline"
            >
              +{whatsapp}
            </a>
          </dd>
        </div>
      )}
      {email && (
        <div className="rounded-xl border border-line bg-surface-2 p-4">
          <dt className="text-xs tracking-wide text-ink-subtle uppercase">E-mail de suporte</dt>
          <dd className="mt-1 break-all">
            <a href={`mailto:${email}`} className="font-medium text-accent underline-offset-4 hover:underline">
              {email}
            </a>
          </dd>
        </div>
      )}
    </dl>
  );
}

/** The "Termos de Uso" dialog: terms text (with the age check in force), active plans and the support contacts set. */
export function TermsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ageCheck = useAgeCheckMode({ enabled: open });
  const { data: settings } = usePublicSettings();
  const whatsapp = whatsappNumber(settings?.support_phone ?? "");
  const email = settings?.support_email?.trim() ?? "";
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      title="Termos de Uso"
      description="Leia com atenção antes de usar o site."
      footer={
        <Button variant="secondary" onClick={onClose}>
          Fechar
        </Button>
      }
    >
      <div className="space-y-7">
        <TermsText ageCheck={ageCheck} onNavigate={onClose} />
        <section aria-labelledby="terms-plans">
          <h3 id="terms-plans" className="mb-3 font-display text-lg font-semibold text-ink">
            Planos para anunciantes
          </h3>
          <PlansList open={open} />
        </section>
        {(whatsapp || email) && (
          <section aria-labelledby="terms-support">
            <h3 id="terms-support" className="mb-3 font-display text-lg font-semibold text-ink">
              Suporte
            </h3>
            <SupportContacts whatsapp={whatsapp} email={email} />
          </section>
        )}
      </div>
    </Modal>
  );
}
