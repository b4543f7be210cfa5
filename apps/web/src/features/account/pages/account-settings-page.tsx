import type { SessionModel } from "@vitrine/contracts";
import { Link } from "@/lib/router";
import { PageContainer, PageHeader } from "@/components/page";
import { buttonClasses } from "@/components/ui";
import { ModelOnly } from "@/features/auth/components/model-only";
import { ActiveSessionsCard } from "@/features/auth/components/active-sessions-card";
import { TwoFactorCard } from "@/features/auth/components/two-factor-card";
import { PasskeysCard } from "@/features/auth/components/passkeys-card";
import { usePageTitle } from "@/hooks/use-page-title";
import { appPaths } from "@/lib/paths";
import { ChangeEmailCard } from "../components/change-email-card";
import { ChangePasswordCard } from "../components/change-password-card";
import { DeleteAccountCard } from "../components/delete-account-card";
import { DownloadDataCard } from "@/features/auth/components/download-data-card";
import { NotificationsCard } from "@/features/auth/components/notifications-card";

function AccountSettings({ model }: { model: SessionModel }) {
  usePageTitle("Configurações");
  return (
    <PageContainer size="md">
      <PageHeader
        eyebrow="Área da anunciante"
        title="Configurações"
        description={`Conta ${model.username}: acesso e privacidade.`}
        actions={
          <Link to={appPaths.dashboard} className={buttonClasses({ variant: "secondary", size: "sm" })}>
            Voltar
          </Link>
        }
      />
      <div className="flex flex-col gap-6">
        <ChangePasswordCard />
        <TwoFactorCard audience="model" />
        <PasskeysCard audience="model" />
        <ChangeEmailCard currentEmail={model.email} />
        <NotificationsCard />
        <ActiveSessionsCard audience="model" />
        <DownloadDataCard />
        <DeleteAccountCard />
      </div>
    </PageContainer>
  );
}

/** Configurações (/dashboard/configuracoes): password, e-mail, active sessions, her data (LGPD download) and account deletion. */
export function AccountSettingsPage() {
  return <ModelOnly>{(model) => <AccountSettings model={model} />}</ModelOnly>;
}
