import type { AdminModel } from "@vitrine/contracts";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "@/components/ui";
import { errorMessage, hasErrorCode } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDeleteModel } from "../api/delete-model";
import { useDirectLoginToken } from "../api/get-direct-login-token";
import { useUpdateModelStatus } from "../api/update-model-status";
import { ModelDetailsModal } from "../components/models/model-details-modal";
import type { ModelAction } from "../components/models/models-table";
import { OverdueModal } from "../components/models/overdue-modal";
import { GeneratedPaymentModal } from "../components/models/generated-payment-modal";
import { type Generated, type PaymentRequest, PaymentRequestModal } from "../components/models/payment-request-modal";
import { QuickPaymentModal } from "../components/models/quick-payment-modal";
import { buildGreeting, buildWhatsAppLink } from "../lib/whatsapp";

/**
 * What the models table's switches and row menus do, and the dialogs they open. Activating an overdue model is
 * refused by the server (MODEL_OVERDUE): the overdue modal opens and offers the quick payment.
 */
export function useModelRowActions(): {
  pendingIds: ReadonlySet<number>;
  toggle: (model: AdminModel, field: "is_active" | "is_verified", value: boolean) => void;
  run: (model: AdminModel, action: ModelAction) => void;
  dialogs: ReactNode;
} {
  const [pendingIds, setPendingIds] = useState<ReadonlySet<number>>(new Set());
  const [details, setDetails] = useState<AdminModel | null>(null);
  const [overdue, setOverdue] = useState<AdminModel | null>(null);
  const [quickPay, setQuickPay] = useState<AdminModel | null>(null);
  const [toDelete, setToDelete] = useState<AdminModel | null>(null);
  const [generated, setGenerated] = useState<Generated | null>(null);
  const [request, setRequest] = useState<PaymentRequest | null>(null);

  const updateStatus = useUpdateModelStatus();
  const directLogin = useDirectLoginToken();
  const remove = useDeleteModel();

  function setPending(id: number, on: boolean) {
    setPendingIds((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function toggle(model: AdminModel, field: "is_active" | "is_verified", value: boolean) {
    setPending(model.id, true);
    updateStatus.mutate(
      { id: model.id, [field]: value },
      {
        onSuccess: () => {
          if (field === "is_active") toast.success(value ? "Modelo ativada" : "Modelo desativada");
          else toast.success(value ? "Modelo verificada" : "Verificação removida");
        },
        onError: (err) => {
          if (hasErrorCode(err, "MODEL_OVERDUE")) setOverdue(model);
          else toast.error(errorMessage(err, "Erro ao atualizar status"));
        },
        onSettled: () => setPending(model.id, false),
      },
    );
  }

  function openDirectLogin(model: AdminModel) {
    directLogin.mutate(model.id, {
      onSuccess: ({ token }) => {
        const url = `${window.location.origin}/login?token=${encodeURIComponent(token)}`;
        const tab = window.open(url, "_blank");
        if (!tab) toast.error("Erro ao realizar login direto");
      },
      onError: () => toast.error("Erro ao gerar token de login"),
    });
  }

  function run(model: AdminModel, action: ModelAction) {
    switch (action) {
      case "details":
        setDetails(model);
        break;
      case "direct-login":
        openDirectLogin(model);
        break;
      case "payment-link":
        setRequest({ model, kind: "link" });
        break;
      case "pix":
        setRequest({ model, kind: "pix" });
        break;
      case "whatsapp": {
        const href = buildWhatsAppLink(model.whatsapp, buildGreeting(model.name));
        if (href) window.open(href, "_blank", "noopener,noreferrer");
        break;
      }
      case "delete":
        setToDelete(model);
        break;
    }
  }

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => toast.success("Modelo excluída com sucesso"),
      onError: (err) => toast.error(errorMessage(err, "Erro ao excluir modelo")),
      onSettled: () => setToDelete(null),
    });
  }

  const dialogs = (
    <>
      <ModelDetailsModal model={details} onClose={() => setDetails(null)} />
      <OverdueModal
        model={overdue}
        onClose={() => setOverdue(null)}
        onPay={(model) => {
          setOverdue(null);
          setQuickPay(model);
        }}
      />
      <QuickPaymentModal model={quickPay} onClose={() => setQuickPay(null)} />
      <PaymentRequestModal
        request={request}
        onClose={() => setRequest(null)}
        onGenerated={(result) => {
          setRequest(null);
          setGenerated(result);
        }}
      />
      <GeneratedPaymentModal generated={generated} onClose={() => setGenerated(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title="Excluir modelo"
        description={
          toDelete
            ? `Excluir ${toDelete.name}? As fotos e os produtos dela são apagados; pagamentos e pedidos continuam registrados com o nome dela.`
            : undefined
        }
        confirmLabel="Excluir"
        pendingLabel="Excluindo..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </>
  );

  return { pendingIds, toggle, run, dialogs };
}
