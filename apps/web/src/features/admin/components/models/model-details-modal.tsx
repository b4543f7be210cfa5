import {
  type AdminModel,
  formatBRL,
  type ModelPayment,
  paymentFlagLabel,
  paymentStatusLabel,
} from "@vitrine/contracts";
import { type ReactNode, useState } from "react";
import { Badge, Button, ConfirmDialog, Modal, QueryState, Table } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatPhone } from "@/features/admin/lib/format-phone";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useDeleteModelPayment } from "@/features/admin/api/delete-model-payment";
import { useModelPayments } from "@/features/admin/api/get-model-payments";
import { NewPaymentForm } from "./new-payment-form";
import { isOpenPayment, OpenPayments } from "./open-payments";
import { PAYMENTS_TABLE_CLASS, paymentColumns } from "./payment-columns";

/**
 * "Detalhes": the model's data, her paid payments (each deletable), the payments not received yet (each can be
 * marked paid: PATCH …/status) and the new-payment form. A payment the admin must look at (a flag: amount
 * mismatch, refund, chargeback, duplicate) is listed with the paid ones, whatever its status, with the flag as a
 * warning.
 */
export function ModelDetailsModal({ model, onClose }: { model: AdminModel | null; onClose: () => void }) {
  const payments = useModelPayments(model?.id ?? null);
  return (
    <Modal open={model !== null} onClose={onClose} size="xl" title={model ? `Detalhes — ${model.name}` : "Detalhes"}>
      {model && (
        <div className="flex flex-col gap-8">
          <ModelSummary model={model} />
          <QueryState query={payments} variant="inline" errorText="Erro ao carregar os pagamentos.">
            {(data) => (
              <>
                <section aria-labelledby="paid-payments-title">
                  <SectionTitle id="paid-payments-title">Pagamentos realizados</SectionTitle>
                  <PaidPayments
                    modelId={model.id}
                    payments={data.payments.filter((p) => p.status === "paid" || p.flag)}
                  />
                </section>
                <section aria-labelledby="open-payments-title">
                  <SectionTitle id="open-payments-title">Pagamentos em aberto</SectionTitle>
                  <OpenPayments modelId={model.id} payments={data.payments.filter(isOpenPayment)} />
                </section>
                <section aria-labelledby="new-payment-title">
                  <SectionTitle id="new-payment-title">Novo pagamento</SectionTitle>
                  <NewPaymentForm model={model} context={data} />
                </section>
              </>
            )}
          </QueryState>
        </div>
      )}
    </Modal>
  );
}

function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h3 id={id} className="mb-3 text-xs font-semibold tracking-[0.2em] text-accent uppercase">
      {children}
    </h3>
  );
}

function ModelSummary({ model }: { model: AdminModel }) {
  const rows: [string, ReactNode][] = [
    ["E-mail", <span className="break-all">{model.email}</span>],
    ["WhatsApp", formatPhone(model.whatsapp)],
    ["Cidade", `${model.city_name}/${model.state}`],
    ["Categoria", model.category_name ?? "—"],
    ["Plano", model.plan_name ?? "Sem plano"],
    ["Vencimento", formatDate(model.next_due_date)],
  ];
  return (
    <div>
      <div className="mb-3 flex flex-wrap gap-2">
        <Badge variant={model.is_active ? "success" : "neutral"}>{model.is_active ? "Ativa" : "Inativa"}</Badge>
        {model.is_verified && <Badge variant="accent">Verificada</Badge>}
        <Badge variant={model.is_visible ? "success" : "warning"}>
          {model.is_visible ? "Visível no site" : "Fora do site"}
        </Badge>
        {model.is_paused && <Badge variant="warning">Pausado</Badge>}
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {rows.map(([label, value]) => (
          <div
            key={label}
            className={cn(
              "min-w-0 rounded-xl border border-line bg-surface-2/60 px-3 py-2",
              label === "E-mail" && "col-span-2 sm:col-span-1",
            )}
          >
            <dt className="text-xs tracking-wide text-ink-subtle uppercase">{label}</dt>
            <dd className="mt-0.5 text-sm text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function PaidPayments({ modelId, payments }: { modelId: number; payments: ModelPayment[] }) {
  const [toDelete, setToDelete] = useState<ModelPayment | null>(null);
  const remove = useDeleteModelPayment();

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(
      { paymentId: toDelete.id, modelId },
      {
        onSuccess: () => {
          toast.success("Pagamento excluído com sucesso");
          setToDelete(null);
        },
        onError: (err) => {
          toast.error(errorMessage(err, "Erro ao excluir pagamento"));
          setToDelete(null);
        },
      },
    );
  }

  return (
    <>
      <Table
        caption="Pagamentos realizados"
        rows={payments}
        getRowKey={(p) => p.id}
        emptyText="Nenhum pagamento realizado."
        className={`max-h-80 ${PAYMENTS_TABLE_CLASS}`}
        columns={paymentColumns({
          date: { key: "paid_at", header: "Pago em", render: (p) => formatDate(p.paid_at ?? p.created_at) },
          status: {
            key: "flag",
            header: <span className="sr-only">Situação</span>,
            render: (p) =>
              p.flag ? (
                <span className="flex flex-col items-start gap-1">
                  <Badge variant="warning">{paymentFlagLabel(p.flag)}</Badge>
                  {p.status !== "paid" && (
                    <span className="text-xs text-ink-subtle">{paymentStatusLabel(p.status)}</span>
                  )}
                </span>
              ) : null,
          },
          action: (p) => (
            <Button
              variant="ghost"
              size="sm"
              className="text-danger hover:text-danger"
              aria-label={`Excluir pagamento de ${formatBRL(p.amount)} de ${formatDate(p.paid_at ?? p.created_at)}`}
              onClick={() => setToDelete(p)}
            >
              Excluir
            </Button>
          ),
        })}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Excluir pagamento"
        description="Tem certeza que deseja deletar este pagamento?"
        confirmLabel="Excluir"
        pendingLabel="Excluindo..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
