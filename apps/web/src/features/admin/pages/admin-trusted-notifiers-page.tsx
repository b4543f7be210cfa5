import {
  CreateTrustedNotifierBodySchema,
  TRUSTED_NOTIFIER_KIND_LABELS,
  TRUSTED_NOTIFIER_KINDS,
  TRUSTED_NOTIFIER_LINK_DAYS,
  TRUSTED_NOTIFIER_STATUS_LABELS,
  type TrustedNotifier,
  type TrustedNotifierKind,
} from "@vitrine/contracts";
import { useState } from "react";
import { FormModal } from "@/components/form-modal";
import { PageContainer } from "@/components/page";
import { Badge, Button, Card, ConfirmDialog, Input, Select, Table, type TableColumn } from "@/components/ui";
import { useZodForm } from "@/hooks/use-zod-form";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { AdminPageHeader } from "../components/admin-page-header";
import {
  useCreateTrustedNotifier,
  useReinviteTrustedNotifier,
  useRevokeTrustedNotifier,
  useTrustedNotifiers,
} from "../api/trusted-notifiers";

const STATUS_BADGE = { invited: "warning", active: "success", revoked: "neutral" } as const;

/**
 * Admin "Notificadores confiáveis", route /admin/notificadores (decision 061): the organisations whose urgent report
 * hides a profile at once, each with its own sign-in. Adding one e-mails it the link that sets its password;
 * "Revogar" refuses its sign-in and its open sessions at once. Every change is audited.
 */
export function AdminTrustedNotifiersPage() {
  const notifiers = useTrustedNotifiers();
  const [adding, setAdding] = useState(false);
  const [toRevoke, setToRevoke] = useState<TrustedNotifier | null>(null);
  const revoke = useRevokeTrustedNotifier();
  const reinvite = useReinviteTrustedNotifier();

  const columns: TableColumn<TrustedNotifier>[] = [
    {
      key: "name",
      header: "Organização",
      render: (n) => (
        <span>
          <span className="font-medium text-ink">{n.name}</span>
          <span className="block text-xs text-ink-subtle">{n.email}</span>
        </span>
      ),
    },
    { key: "kind", header: "Tipo", render: (n) => TRUSTED_NOTIFIER_KIND_LABELS[n.kind] },
    {
      key: "status",
      header: "Situação",
      render: (n) => <Badge variant={STATUS_BADGE[n.status]}>{TRUSTED_NOTIFIER_STATUS_LABELS[n.status]}</Badge>,
    },
    { key: "created", header: "Cadastrado em", render: (n) => formatDateTime(n.created_at) },
    {
      key: "last",
      header: "Última denúncia",
      render: (n) =>
        n.last_report_at ? (
          <span>
            {formatDateTime(n.last_report_at)}
            <span className="block text-xs text-ink-subtle">
              {n.reports === 1 ? "1 denúncia" : `${n.reports} denúncias`}
            </span>
          </span>
        ) : (
          <span className="text-ink-subtle">Nenhuma</span>
        ),
    },
    {
      key: "actions",
      header: <span className="sr-only">Ações</span>,
      align: "right",
      render: (n) =>
        n.status === "revoked" ? (
          <span className="text-xs text-ink-subtle">
            {n.revoked_at ? `Revogado em ${formatDateTime(n.revoked_at)}` : "Revogado"}
          </span>
        ) : (
          <div className="flex justify-end gap-2">
            {n.status === "invited" && (
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Reenviar convite para ${n.name}`}
                loading={reinvite.isPending && reinvite.variables === n.id}
                onClick={() =>
                  reinvite.mutate(n.id, {
                    onSuccess: () => toast.success(`Novo link enviado para ${n.email}`),
                    onError: (err) => toast.error(errorMessage(err, "Não foi possível reenviar o convite")),
                  })
                }
              >
                Reenviar convite
              </Button>
            )}
            <Button size="sm" variant="danger" aria-label={`Revogar ${n.name}`} onClick={() => setToRevoke(n)}>
              Revogar
            </Button>
          </div>
        ),
    },
  ];

  return (
    <PageContainer size="xl">
      <AdminPageHeader
        title="Notificadores confiáveis"
        description="Organizações cadastradas (SaferNet, Conselho Tutelar, Ministério Público, polícia) cuja denúncia urgente oculta o perfil na hora, até uma pessoa da equipe decidir. Cada uma entra com o próprio acesso; tudo fica na auditoria."
        actions={<Button onClick={() => setAdding(true)}>Adicionar notificador</Button>}
      />
      <Card padding="none">
        <Table
          columns={columns}
          rows={notifiers.data?.notifiers ?? []}
          getRowKey={(n) => n.id}
          loading={notifiers.isLoading}
          caption="Notificadores confiáveis"
          emptyText="Nenhum notificador cadastrado."
        />
      </Card>
      {adding && <AddNotifierModal onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={toRevoke !== null}
        title={`Revogar ${toRevoke?.name ?? ""}?`}
        description="O acesso deixa de valer na hora: o notificador não entra mais e suas sessões abertas são encerradas. As denúncias já enviadas continuam nos casos."
        confirmLabel="Revogar"
        pendingLabel="Revogando..."
        pending={revoke.isPending}
        onCancel={() => setToRevoke(null)}
        onConfirm={() => {
          if (!toRevoke) return;
          revoke.mutate(toRevoke.id, {
            onSuccess: () => {
              toast.success(`${toRevoke.name} foi revogado`);
              setToRevoke(null);
            },
            onError: (err) => toast.error(errorMessage(err, "Não foi possível revogar")),
          });
        }}
      />
    </PageContainer>
  );
}

function AddNotifierModal({ onClose }: { onClose: () => void }) {
  const create = useCreateTrustedNotifier();
  const form = useZodForm(
    CreateTrustedNotifierBodySchema,
    { name: "", kind: "safernet" as TrustedNotifierKind, email: "" },
    { serverErrors: create.error },
  );
  return (
    <FormModal
      onClose={onClose}
      title="Adicionar notificador"
      description={`A organização recebe por e-mail um link para definir a senha (vale ${TRUSTED_NOTIFIER_LINK_DAYS} dias). Depois entra em /notificador/entrar.`}
      onSubmit={form.handleSubmit((body) =>
        create.mutate(body, {
          onSuccess: ({ notifier }) => {
            toast.success(`${notifier.name} cadastrado. Convite enviado para ${notifier.email}`);
            onClose();
          },
          onError: (err) => toast.error(errorMessage(err, "Não foi possível cadastrar o notificador")),
        }),
      )}
      pending={create.isPending}
      submitLabel="Adicionar"
      pendingLabel="Adicionando..."
      formClassName="grid gap-5"
    >
      <Input label="Nome da organização" required maxLength={120} {...form.field("name")} />
      <Select
        label="Tipo"
        options={TRUSTED_NOTIFIER_KINDS.map((k) => ({ value: k, label: TRUSTED_NOTIFIER_KIND_LABELS[k] }))}
        {...form.field("kind")}
      />
      <Input
        label="E-mail de acesso"
        type="email"
        required
        autoComplete="off"
        hint="Um endereço institucional: é o login do notificador."
        {...form.field("email")}
      />
    </FormModal>
  );
}
