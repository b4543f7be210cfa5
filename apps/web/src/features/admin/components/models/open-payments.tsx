import { formatBRL, type ModelPayment, paymentStatusLabel } from "@vitrine/contracts";
import { useState } from "react";
import { Badge, Button, ConfirmDialog, Table } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useMarkPaymentPaid } from "@/features/admin/api/mark-payment-paid";
import { PAYMENTS_TABLE_CLASS, paymentColumns } from "./payment-columns";

/**
 * The payments not received yet (pending, or a charge that failed or expired), unflagged: a flagged one is in the
 * paid table already. The admin marks one paid when the money arrived another way (cash, a Pix to the site's
 * key): it is applied like any payment (the model's due date and plan move), once.
 */
export function isOpenPayment(p: ModelPayment): boolean {
  return (p.status === "pending" || p.status === "failed" || p.status === "cancelled") && !p.flag;
}

export function OpenPayments({ modelId, payments }: { modelId: number; payments: ModelPayment[] }) {
  const [toMark, setToMark] = useState<ModelPayment | null>(null);
  const mark = useMarkPaymentPaid();

  function confirmMark() {
    if (!toMark) return;
    mark.mutate(
      { paymentId: toMark.id, modelId },
      {
        onSuccess: () => toast.success("Pagamento marcado como pago"),
        onError: (err) => toast.error(errorMessage(err, "Erro ao marcar o pagamento como pago")),
        onSettled: () => setToMark(null),
      },
    );
  }

  return (
    <>
      <Table
        caption="Pagamentos em aberto"
        rows={payments}
        getRowKey={(p) => p.id}
        emptyText="Nenhum pagamento em aberto."
        className={`max-h-64 ${PAYMENTS_TABLE_CLASS}`}
        columns={paymentColumns({
          date: { key: "created_at", header: "Criado em", render: (p) => formatDate(p.created_at) },
          status: {
            key: "status",
            header: "Situação",
            render: (p) => (
              <Badge variant={p.status === "pending" ? "warning" : "neutral"}>{paymentStatusLabel(p.status)}</Badge>
            ),
          },
          action: (p) => (
            <Button
              variant="secondary"
              size="sm"
              className="whitespace-nowrap"
              aria-label={`Marcar como pago o pagamento de ${formatBRL(p.amount)} de ${formatDate(p.created_at)}`}
              onClick={() => setToMark(p)}
            >
              Marcar como pago
            </Button>
          ),
        })}
      />
      <ConfirmDialog
        open={toMark !== null}
        title="Marcar como pago"
        description={
          toMark
            ? `Confirma que o pagamento de ${formatBRL(toMark.amount)} foi recebido? O vencimento da modelo será atualizado.`
            : undefined
        }
        confirmLabel="Marcar como pago"
        pendingLabel="Salvando..."
        tone="primary"
        pending={mark.isPending}
        onConfirm={confirmMark}
        onCancel={() => setToMark(null)}
      />
    </>
  );
}
