import { type AdminPlan, formatBRL, type PlanBody, paymentMethodLabel, periodLabel, plural } from "@vitrine/contracts";
import { useState } from "react";
import { Badge, Button, Card, QueryState, Table, type TableColumn } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useAdminPlans } from "@/features/admin/api/get-admin-plans";
import { useSavePlan } from "@/features/admin/api/save-plan";
import { useSetPlanStatus } from "@/features/admin/api/set-plan-status";
import { Switch } from "../switch";
import { DeletePlanDialogs, useDeletePlanFlow } from "./delete-plan-flow";
import { PlanFormModal } from "./plan-form-modal";

/** The plan modal: closed, a new plan (null) or the plan being edited. */
type Editing = { plan: AdminPlan | null } | null;

/** The plans table: active toggle, edit and delete per row, and "Cadastrar plano". */
export function PlansTableCard() {
  const plans = useAdminPlans();
  const save = useSavePlan();
  const setStatus = useSetPlanStatus();
  const deleteFlow = useDeletePlanFlow();
  const [editing, setEditing] = useState<Editing>(null);

  function openModal(plan: AdminPlan | null) {
    save.reset();
    setEditing({ plan });
  }

  function submit(body: PlanBody) {
    if (!editing) return;
    save.mutate(
      { id: editing.plan?.id ?? null, body },
      {
        onSuccess: () => {
          toast.success(editing.plan ? "Plano atualizado com sucesso" : "Plano cadastrado com sucesso");
          setEditing(null);
        },
        onError: (err) => toast.error(errorMessage(err, "Erro ao salvar plano")),
      },
    );
  }

  function toggle(plan: AdminPlan, active: boolean) {
    setStatus.mutate(
      { id: plan.id, active },
      {
        onSuccess: () => toast.success(active ? "Plano ativado" : "Plano desativado"),
        onError: (err) => toast.error(errorMessage(err, "Erro ao alterar status do plano")),
      },
    );
  }

  const columns: TableColumn<AdminPlan>[] = [
    {
      key: "name",
      header: "Nome",
      render: (p) => (
        <span className="font-medium">
          {p.name}
          <span className="block text-xs font-normal whitespace-nowrap text-ink-subtle">
            {plural(p.models_count, "modelo", "modelos")}
          </span>
        </span>
      ),
    },
    {
      key: "price",
      header: "Preço",
      align: "right",
      render: (p) => <span className="tabular-nums whitespace-nowrap">{formatBRL(p.price)}</span>,
    },
    { key: "period", header: "Período", render: (p) => periodLabel(p.period_type) },
    {
      key: "highlight",
      header: "Destaque",
      render: (p) =>
        p.highlight ? <Badge variant="accent">Destaque</Badge> : <span className="text-ink-subtle">—</span>,
    },
    {
      key: "methods",
      header: "Pagamento",
      render: (p) => p.payment_methods.map(paymentMethodLabel).join(", ") || "—",
    },
    {
      key: "active",
      header: "Ativo",
      render: (p) => (
        <Switch
          checked={p.active}
          label={`Plano ${p.name} ativo`}
          pending={setStatus.isPending && setStatus.variables?.id === p.id}
          onCheckedChange={(next) => toggle(p, next)}
        />
      ),
    },
    {
      key: "actions",
      header: <span className="sr-only">Ações</span>,
      align: "right",
      render: (p) => (
        <span className="flex justify-end gap-2">
          <Button size="sm" variant="secondary" onClick={() => openModal(p)} aria-label={`Editar plano ${p.name}`}>
            Editar
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-danger hover:text-danger"
            onClick={() => deleteFlow.start(p)}
            aria-label={`Excluir plano ${p.name}`}
          >
            Excluir
          </Button>
        </span>
      ),
    },
  ];

  return (
    <Card
      id="plans"
      className="scroll-mt-24"
      title="Planos"
      description="Planos de assinatura oferecidos às modelos."
      actions={
        <Button size="sm" onClick={() => openModal(null)}>
          Cadastrar plano
        </Button>
      }
    >
      <QueryState
        query={plans}
        variant="inline"
        errorText="Não foi possível carregar os planos."
        loading={<Table caption="Planos" columns={columns} rows={[]} getRowKey={(p) => p.id} loading />}
      >
        {(rows) => (
          <Table
            caption="Planos"
            columns={columns}
            rows={rows}
            getRowKey={(p) => p.id}
            emptyText="Nenhum plano cadastrado."
          />
        )}
      </QueryState>
      {editing && (
        <PlanFormModal
          key={editing.plan?.id ?? "new"}
          plan={editing.plan}
          onClose={() => setEditing(null)}
          onSubmit={submit}
          pending={save.isPending}
          serverErrors={save.error}
        />
      )}
      <DeletePlanDialogs flow={deleteFlow} />
    </Card>
  );
}
