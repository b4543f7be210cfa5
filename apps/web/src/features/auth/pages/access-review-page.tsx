import { PageContainer, PageHeader } from "@/components/page";
import { FormError } from "@/components/form-modal";
import { Button, Card } from "@/components/ui";
import { usePageTitle } from "@/hooks/use-page-title";
import { appPaths } from "@/lib/paths";
import { useNavigate } from "@/lib/router";
import { toast } from "@/lib/toast";
import type { AccountAudience } from "../api/audience";
import { useFinishAccessReview } from "../api/recent-proof";
import { ActiveSessionsCard } from "../components/active-sessions-card";
import { ModelOnly } from "../components/model-only";
import { PasskeysCard } from "../components/passkeys-card";

/**
 * "Revise o acesso à sua conta": her first screen after a password reset. A new password does not undo what someone
 * else may have added while they had her account (a passkey signs in without the password), so she sees her passkeys
 * and her open sessions, removes what she does not recognise, and says "Reconheço todos" to go on to her panel.
 */
function AccessReview({ audience }: { audience: AccountAudience }) {
  usePageTitle("Revise o acesso à sua conta");
  const finish = useFinishAccessReview(audience);
  const navigate = useNavigate();
  const done = () =>
    finish.mutate(undefined, {
      onSuccess: () => {
        toast.success("Pronto. Seu acesso foi revisado.");
        navigate(audience === "admin" ? appPaths.adminDashboard : appPaths.dashboard, { replace: true });
      },
    });
  return (
    <PageContainer size="md">
      <PageHeader
        eyebrow="Segurança da conta"
        title="Revise o acesso à sua conta"
        description="Sua senha foi redefinida. Confira as chaves de acesso e as sessões abertas e remova o que você não reconhece: uma chave de acesso entra sem a senha."
      />
      <div className="flex flex-col gap-6">
        <PasskeysCard audience={audience} />
        <ActiveSessionsCard audience={audience} />
        <Card
          aria-label="Concluir a revisão"
          title="Tudo certo?"
          description="Quando tudo o que ficou na lista for seu, confirme para seguir para o painel."
        >
          {finish.isError && (
            <FormError error={finish.error} fallback="Não foi possível concluir. Tente de novo." className="mb-4" />
          )}
          <Button onClick={done} loading={finish.isPending} loadingText="Concluindo...">
            Reconheço todos
          </Button>
        </Card>
      </div>
    </PageContainer>
  );
}

/** /dashboard/revisar-acesso */
export function ModelAccessReviewPage() {
  return <ModelOnly>{() => <AccessReview audience="model" />}</ModelOnly>;
}

/** /admin/revisar-acesso (inside the admin guard). */
export function AdminAccessReviewPage() {
  return <AccessReview audience="admin" />;
}
