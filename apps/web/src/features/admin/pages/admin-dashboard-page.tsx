import { type AdminStats, formatBRL } from "@vitrine/contracts";
import type { ReactNode } from "react";
import { Link } from "@/lib/router";
import { AccessDenied } from "@/components/access-denied";
import { PageContainer } from "@/components/page";
import { QueryState, Stat, StatGroup } from "@/components/ui";
import { useSession } from "@/features/auth/session";
import { appPaths } from "@/lib/paths";
import { useAdminDashboard } from "../api/get-admin-dashboard";
import { AdminPageHeader } from "../components/admin-page-header";
import { JobFailuresAlert } from "../components/job-failures-alert";
import { OnboardingChecklist } from "../components/onboarding-checklist";
import { SelfDeclarationAlert } from "../components/self-declaration-alert";
import { UrgentReportsAlert } from "../components/moderation/urgent-reports-alert";

const QUICK_LINKS = [
  {
    to: appPaths.adminModels,
    label: "Gerenciar Modelos",
    description: "Cadastros, status, pagamentos e login direto.",
  },
  { to: appPaths.adminOrders, label: "Pedidos", description: "Vendas da loja e status de pagamento." },
  { to: appPaths.adminSettings, label: "Configurações", description: "Planos, contatos, termos, PIX e pagamentos." },
  { to: appPaths.adminStats, label: "Estatísticas", description: "Acessos, modelos, pedidos e receita." },
  { to: appPaths.adminPixQr, label: "QRCode PIX", description: "Gerar QR Codes PIX estáticos." },
  {
    to: appPaths.adminAgeAssurance,
    label: "Verificação de idade",
    description: "Modo em vigor, verificador e verificações por dia.",
  },
];

const count = new Intl.NumberFormat("pt-BR");

/**
 * Admin dashboard (/admin/dashboard): the warnings (age by self-declaration, failing jobs), the "Primeiros passos"
 * of a new site (until done), the key figures, the areas to manage and the audit log.
 */
export function AdminDashboardPage() {
  const session = useSession();
  if (session.status !== "admin") {
    return (
      <AccessDenied
        message="Você precisa ser administrador para acessar esta página."
        action={{ to: appPaths.adminLogin, label: "Entrar como administrador" }}
      />
    );
  }
  return (
    <PageContainer size="xl">
      <AdminPageHeader
        title="Painel Administrativo"
        description={`Olá, ${session.user.username}. Veja os números do site e escolha uma área para gerenciar.`}
      />
      <SelfDeclarationAlert />
      <UrgentReportsAlert />
      <JobFailuresAlert />
      <OnboardingChecklist />
      <DashboardStats />
      <nav aria-label="Ações rápidas" className="mt-10">
        <h2 className="mb-4 text-xs font-semibold tracking-[0.22em] text-accent uppercase">Ações rápidas</h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {QUICK_LINKS.map((link) => (
            <li key={link.to}>
              <QuickLink to={link.to} label={link.label}>
                {link.description}
              </QuickLink>
            </li>
          ))}
          <li>
            <QuickLink to={appPaths.adminAudit} label="Auditoria">
              Quem mudou o quê e quando, no back-office.
            </QuickLink>
          </li>
        </ul>
      </nav>
    </PageContainer>
  );
}

function DashboardStats() {
  const dashboard = useAdminDashboard();
  return (
    <section aria-labelledby="dashboard-stats-title">
      <h2 id="dashboard-stats-title" className="sr-only">
        Números do site
      </h2>
      <QueryState
        query={dashboard}
        errorText="Erro ao carregar as estatísticas."
        loading={<StatsGrid />}
        variant="card"
      >
        {(stats) => <StatsGrid stats={stats} />}
      </QueryState>
    </section>
  );
}

/** The seven figures; without `stats` (loading) the same grid with dashes, so the page does not jump. */
function StatsGrid({ stats }: { stats?: AdminStats }) {
  const n = (value: number | undefined) => (value === undefined ? "—" : count.format(value));
  const brl = (value: number | undefined) => (value === undefined ? "—" : formatBRL(value));
  return (
    <StatGroup className="grid-cols-2 sm:grid-cols-3 lg:grid-cols-4">
      <Stat label="Modelos" value={n(stats?.totalModels)} hint="Cadastradas" />
      <Stat label="Ativas" value={n(stats?.activeModels)} hint="Com perfil ativo" />
      <Stat label="Verificadas" value={n(stats?.verifiedModels)} hint="Selo de verificação" />
      <Stat label="Pedidos" value={n(stats?.totalOrders)} hint="Desde o início" />
      <Stat label="Pedidos hoje" value={n(stats?.todayOrders)} />
      <Stat label="Receita" value={brl(stats?.totalRevenue)} hint="Pedidos pagos" />
      <Stat
        label="Receita hoje"
        value={brl(stats?.todayRevenue)}
        hint="Pedidos pagos hoje"
        className="col-span-2 sm:col-span-1 lg:col-span-2"
      />
    </StatGroup>
  );
}

function QuickLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="group flex h-full flex-col rounded-2xl border border-line bg-surface p-6 transition-colors hover:border-accent/50 hover:bg-surface-2"
    >
      <span className="flex items-center justify-between font-display text-xl font-semibold text-ink">
        {label}
        <span aria-hidden className="text-accent transition-transform group-hover:translate-x-1">
          →
        </span>
      </span>
      <span className="mt-2 text-sm text-ink-muted">{children}</span>
    </Link>
  );
}
