import { type AdminVerification, DOCUMENT_TYPE_LABELS } from "@vitrine/contracts";
import { type FormEvent, useState } from "react";
import { Badge, Button, Card, Input, Pagination, QueryState, Table, type TableColumn } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { appPaths } from "@/lib/paths";
import { Link, useNavigate } from "@/lib/router";
import { toast } from "@/lib/toast";
import { useUnfreeze, useVerificationQueue } from "../api/verifications";
import { AdminPage } from "../components/admin-page";

type FrozenModel = AdminVerification["model"];

const columns: TableColumn<AdminVerification>[] = [
  {
    key: "model",
    header: "Modelo",
    render: (v) => (
      <span>
        <Link to={appPaths.adminVerification(v.id)} className="font-medium text-ink hover:text-accent">
          {v.model.name}
        </Link>
        <span className="block text-xs text-ink-subtle">{v.model.email}</span>
      </span>
    ),
  },
  { key: "city", header: "Cidade", render: (v) => v.model.city ?? "—" },
  {
    key: "document",
    header: "Documento",
    render: (v) => (v.document_type ? DOCUMENT_TYPE_LABELS[v.document_type] : "—"),
  },
  {
    key: "kind",
    header: "Envio",
    render: (v) => (v.is_appeal ? <Badge variant="warning">Recurso</Badge> : <Badge>Primeiro envio</Badge>),
  },
  { key: "submitted", header: "Enviada em", render: (v) => formatDateTime(v.submitted_at) },
];

/** An account frozen under 18: who, since when, and unfreezing it with a reason (audited). */
function FrozenRow({ model }: { model: FrozenModel }) {
  const [reason, setReason] = useState("");
  const unfreeze = useUnfreeze();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    unfreeze.mutate(
      { modelId: model.id, reason },
      { onSuccess: () => toast.success(`${model.name}: conta descongelada. Ela pode enviar uma nova verificação.`) },
    );
  }
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-danger/35 bg-danger-soft px-4 py-3 lg:flex-row lg:items-end lg:justify-between">
      <div className="min-w-0 text-sm">
        <p className="font-medium text-ink">
          {model.name} <span className="text-ink-muted">· {model.email}</span>
        </p>
        <p className="text-ink-muted">
          Congelada em {formatDateTime(model.frozen_at)}
          {model.city ? ` · ${model.city}` : ""}
        </p>
      </div>
      <form onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Input
          label="Motivo para descongelar"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={unfreeze.error ? errorMessage(unfreeze.error, "Não foi possível descongelar.") : undefined}
          wrapperClassName="sm:w-72"
        />
        <Button type="submit" variant="secondary" loading={unfreeze.isPending} disabled={!reason.trim()}>
          Descongelar
        </Button>
      </form>
    </li>
  );
}

/**
 * Admin "Verificações", route /admin/verificacoes: the identity verifications awaiting review, oldest first (a
 * row opens the review screen), and the accounts frozen because a verification found them under 18.
 */
export function AdminVerificationsPage() {
  const [page, setPage] = useState(1);
  const queue = useVerificationQueue(page);
  const navigate = useNavigate();
  return (
    <AdminPage
      title="Verificações"
      description="Documento e selfie de cada anunciante, da mais antiga para a mais nova. Só aparece no site quem tem a identidade aprovada."
    >
      <QueryState query={queue} variant="page" errorText="Não foi possível carregar as verificações.">
        {(data) => (
          <div className="flex flex-col gap-6">
            {data.frozen.length > 0 && (
              <Card
                title="Contas congeladas"
                description="A verificação indicou menor de 18 anos: a conta está fora do site e não pode ser verificada. Analise cada caso (em Denúncias, se for exploração)."
                actions={<Badge variant="danger">{data.frozen.length}</Badge>}
              >
                <ul className="flex flex-col gap-3" aria-label="Contas congeladas">
                  {data.frozen.map((model) => (
                    <FrozenRow key={model.id} model={model} />
                  ))}
                </ul>
              </Card>
            )}
            <Card
              title="Aguardando análise"
              description="Abra uma verificação para ver o documento e a selfie (cada visualização fica na auditoria)."
              actions={
                <Badge variant={data.pagination.total > 0 ? "warning" : "success"}>{data.pagination.total}</Badge>
              }
              padding="none"
            >
              <Table
                caption="Verificações aguardando análise"
                rows={data.verifications}
                getRowKey={(v) => v.id}
                columns={columns}
                onRowClick={(v) => navigate(appPaths.adminVerification(v.id))}
                emptyText="Nenhuma verificação aguardando análise."
                className="rounded-t-none border-x-0 border-b-0"
              />
            </Card>
            <Pagination
              page={page}
              pages={data.pagination.pages}
              total={data.pagination.total}
              onPageChange={setPage}
            />
          </div>
        )}
      </QueryState>
    </AdminPage>
  );
}
