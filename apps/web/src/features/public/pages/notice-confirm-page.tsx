import {
  NOTICE_CONFIRMED_MESSAGE,
  NOTICE_STATE_LABELS,
  type NoticeStatusResponse,
  reportCategoryLabel,
} from "@vitrine/contracts";
import { PageContainer, PageHeader } from "@/components/page";
import { Badge, type BadgeVariant, Button, buttonClasses, Card, Spinner } from "@/components/ui";
import { usePageTitle } from "@/hooks/use-page-title";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { appPaths } from "@/lib/paths";
import { Link, useSearchParams } from "@/lib/router";
import { useConfirmNotice, useNoticeStatus } from "../api/notice-link";

const STATE_VARIANT: Record<NoticeStatusResponse["state"], BadgeVariant> = {
  received: "warning",
  in_review: "accent",
  decided: "success",
};

/**
 * "Sua denúncia" (/denuncias/confirmar?token=…), opened from the e-mail an identified notice sends: outside the age
 * check like /denuncias (a victim may not be able to pass it). It shows the notice's state and, while it is not
 * confirmed, a button that confirms it (a click, not the page's opening: a mail scanner that follows links
 * confirms nothing). Once decided, it shows the moderation's answer.
 */
export function NoticeConfirmPage() {
  usePageTitle("Sua denúncia");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const status = useNoticeStatus(token);
  const confirm = useConfirmNotice(token);

  return (
    <PageContainer size="md">
      <PageHeader eyebrow="Canal de denúncias" title="Sua denúncia" />
      <Card>
        {!token ? (
          <p role="alert" className="text-sm text-danger">
            Link incompleto. Abra o endereço inteiro que enviamos ao seu e-mail.
          </p>
        ) : status.isPending ? (
          <p className="flex items-center gap-3 text-ink-muted">
            <Spinner className="text-accent" /> Carregando sua denúncia...
          </p>
        ) : status.isError ? (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(status.error, "Não foi possível carregar a denúncia. Tente novamente.")}
          </p>
        ) : (
          <div className="flex flex-col gap-4">
            <p className="flex flex-wrap items-center gap-3">
              <span className="text-ink-muted">Situação:</span>
              <Badge variant={STATE_VARIANT[status.data.state]}>
                {status.data.state === "decided" && status.data.decision
                  ? `${NOTICE_STATE_LABELS.decided}: ${status.data.decision}`
                  : NOTICE_STATE_LABELS[status.data.state]}
              </Badge>
            </p>
            <p className="text-sm text-ink-muted">
              {reportCategoryLabel(status.data.category)} · enviada em {formatDateTime(status.data.created_at)}
            </p>
            {status.data.state === "decided" && status.data.answer && (
              <div className="rounded-xl border border-line bg-surface-2 px-4 py-3">
                <p className="text-xs font-semibold tracking-wide text-ink-subtle uppercase">
                  Resposta da moderação{status.data.decided_at ? ` · ${formatDateTime(status.data.decided_at)}` : ""}
                </p>
                <p className="mt-1 text-ink">{status.data.answer}</p>
              </div>
            )}
            {status.data.state === "in_review" && (
              <p className="text-sm text-ink-muted">
                Sua denúncia foi confirmada e está na fila da moderação. Volte a este link para ver a resposta.
              </p>
            )}
            {confirm.isSuccess && (
              <p role="status" className="text-sm text-success">
                {NOTICE_CONFIRMED_MESSAGE}
              </p>
            )}
            {status.data.can_confirm && !confirm.isSuccess && (
              <div className="flex flex-col gap-3">
                <p className="text-sm text-ink-muted">
                  Confirme que foi você quem enviou esta notificação: só então ela passa a contar.
                </p>
                {confirm.isError && (
                  <p role="alert" className="text-sm text-danger">
                    {errorMessage(confirm.error, "Não foi possível confirmar agora. Tente novamente.")}
                  </p>
                )}
                <Button onClick={() => confirm.mutate()} loading={confirm.isPending} className="self-start">
                  Confirmar denúncia
                </Button>
              </div>
            )}
            {status.data.state === "received" && !status.data.can_confirm && (
              <p className="text-sm text-ink-muted">
                O prazo para confirmar acabou. Se ainda precisar, envie a denúncia de novo.
              </p>
            )}
          </div>
        )}
      </Card>
      <p className="mt-6 text-sm">
        <Link to={appPaths.reportNotice} className={buttonClasses({ variant: "secondary", size: "sm" })}>
          Enviar outra denúncia
        </Link>
      </p>
    </PageContainer>
  );
}
