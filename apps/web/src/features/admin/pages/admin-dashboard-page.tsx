import { Link } from "react-router";
import { PageContainer, PageHeader } from "@/components/page";
import { useSession } from "@/features/auth/session";
import { appPaths } from "@/lib/paths";

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
];

/**
 * PLACEHOLDER (partial) — Admin dashboard, route /admin/dashboard, guarded by the router.
 * The admin issue adds the stat cards (GET /api/admin/dashboard).
 */
export function AdminDashboardPage() {
  const session = useSession();
  const username = session.status === "admin" ? session.user.username : "";
  return (
    <PageContainer size="xl">
      <PageHeader
        eyebrow="Administração"
        title="Painel Administrativo"
        description={username ? `Olá, ${username}. Escolha uma área para gerenciar.` : undefined}
      />
      <nav aria-label="Ações rápidas">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {QUICK_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="group flex h-full flex-col rounded-2xl border border-line bg-surface p-6 transition-colors hover:border-accent/50 hover:bg-surface-2"
              >
                <span className="flex items-center justify-between font-display text-xl font-semibold text-ink">
                  {link.label}
                  <span aria-hidden className="text-accent transition-transform group-hover:translate-x-1">
                    →
                  </span>
                </span>
                <span className="mt-2 text-sm text-ink-muted">{link.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </PageContainer>
  );
}
