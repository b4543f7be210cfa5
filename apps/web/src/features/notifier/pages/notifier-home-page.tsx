import {
  NotifierReportBodySchema,
  type NotifierReport,
  REPORT_CATEGORIES,
  type ReportCategory,
  reportCategoryLabel,
  TRUSTED_NOTIFIER_KIND_LABELS,
  TRUSTED_REPORT_TEXT_MAX,
  URGENT_REPORT_CATEGORIES,
} from "@vitrine/contracts";
import { useState } from "react";
import { PageContainer, PageHeader } from "@/components/page";
import { Badge, Button, Card, Input, Select, Table, type TableColumn, Textarea } from "@/components/ui";
import { usePageTitle } from "@/hooks/use-page-title";
import { useZodForm } from "@/hooks/use-zod-form";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { appPaths } from "@/lib/paths";
import { Navigate } from "@/lib/router";
import {
  signOutNotifier,
  useNotifierMe,
  useNotifierReports,
  useNotifierToken,
  useSendNotifierReport,
} from "../api/notifier";

const STATE = {
  held: { label: "Perfil oculto, em análise", variant: "danger" },
  in_review: { label: "Em análise", variant: "warning" },
  decided: { label: "Decidida", variant: "success" },
} as const;

const columns: TableColumn<NotifierReport>[] = [
  { key: "created", header: "Enviada em", render: (r) => formatDateTime(r.created_at) },
  { key: "profile", header: "Perfil", render: (r) => (r.model_id === null ? "—" : `nº ${r.model_id}`) },
  { key: "category", header: "Motivo", render: (r) => reportCategoryLabel(r.category) },
  {
    key: "state",
    header: "Situação",
    render: (r) => (
      <span>
        <Badge variant={STATE[r.state].variant}>{STATE[r.state].label}</Badge>
        {r.decision && <span className="mt-1 block text-xs text-ink-muted">{r.decision}</span>}
      </span>
    ),
  },
];

/**
 * A trusted notifier's page (/notificador, decision 061): the report form (the profile's public address or number,
 * the category, what was found) and its own reports with their state. An urgent category hides the profile at
 * once until a person decides; the others go to the team with priority.
 */
export function NotifierHomePage() {
  usePageTitle("Notificador confiável");
  const token = useNotifierToken();
  const me = useNotifierMe(token !== null);
  const reports = useNotifierReports(token !== null);
  const send = useSendNotifierReport();
  const [answer, setAnswer] = useState<string | null>(null);
  const form = useZodForm(
    NotifierReportBodySchema,
    { profile: "", category: "minor_or_exploitation" as ReportCategory, description: "" },
    { serverErrors: send.error },
  );
  if (token === null) return <Navigate to={appPaths.notifierLogin} replace />;
  const account = me.data?.notifier;

  return (
    <PageContainer size="lg">
      <PageHeader
        eyebrow="Notificador confiável"
        title={account?.name ?? "Denúncias"}
        description={
          account ? `${TRUSTED_NOTIFIER_KIND_LABELS[account.kind]} · ${account.email}` : "Denúncias da sua organização."
        }
        actions={
          <Button variant="secondary" size="sm" onClick={signOutNotifier}>
            Sair
          </Button>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card className="min-w-0">
          <h2 className="font-display text-xl font-semibold text-ink">Nova denúncia</h2>
          <p className="mt-1 text-sm text-ink-muted">
            Motivos urgentes ({URGENT_REPORT_CATEGORIES.map(reportCategoryLabel).join("; ")}) ocultam o perfil na hora,
            até a equipe decidir. Os demais vão para análise com prioridade.
          </p>
          <form
            noValidate
            className="mt-5 flex flex-col gap-5"
            onSubmit={form.handleSubmit((body) => {
              setAnswer(null);
              send.mutate(body, {
                onSuccess: ({ message }) => {
                  setAnswer(message);
                  form.setValue("profile", "");
                  form.setValue("description", "");
                },
              });
            })}
          >
            <Input
              label="Perfil"
              required
              hint="O endereço público do anúncio (https://…/modelo/123) ou o número dele."
              {...form.field("profile")}
            />
            <Select
              label="Motivo"
              options={REPORT_CATEGORIES.map((c) => ({ value: c, label: reportCategoryLabel(c) }))}
              {...form.field("category")}
            />
            <Textarea
              label="Descrição"
              required
              rows={5}
              maxLength={TRUSTED_REPORT_TEXT_MAX}
              hint="O que foi encontrado e, se houver, o número do procedimento."
              {...form.field("description")}
            />
            {send.isError && !Object.keys(form.errors).length && (
              <p
                role="alert"
                className="rounded-xl border border-danger/40 bg-danger-soft px-4 py-3 text-sm text-danger"
              >
                {errorMessage(send.error, "Não foi possível enviar. Tente novamente.")}
              </p>
            )}
            {answer && (
              <p
                role="status"
                className="rounded-xl border border-success/40 bg-success-soft px-4 py-3 text-sm text-ink"
              >
                {answer}
              </p>
            )}
            <Button type="submit" loading={send.isPending} loadingText="Enviando...">
              Enviar denúncia
            </Button>
          </form>
        </Card>
        <Card padding="none" className="min-w-0 self-start">
          <h2 className="px-4 pt-4 font-display text-xl font-semibold text-ink sm:px-6">Denúncias enviadas</h2>
          <Table
            columns={columns}
            rows={reports.data?.reports ?? []}
            getRowKey={(r) => r.id}
            loading={reports.isLoading}
            caption="Denúncias enviadas"
            emptyText="Nenhuma denúncia enviada ainda."
          />
        </Card>
      </div>
    </PageContainer>
  );
}
