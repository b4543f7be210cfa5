import { type AdminPlan, plural } from "@vitrine/contracts";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui";
import { toast } from "@/lib/toast";
import { type PlanUsage, planUsageOf, useDeletePlan } from "@/features/admin/api/delete-plan";

type Step = { kind: "confirm"; plan: AdminPlan } | { kind: "force"; plan: AdminPlan; usage: PlanUsage } | null;

/**
 * Deleting a plan: a confirmation, then DELETE. When payments or models still use the plan (PLAN_IN_USE) the
 * admin sees what uses it and is asked whether to force: forcing unlinks the plan and keeps those records.
 */
export function useDeletePlanFlow() {
  const remove = useDeletePlan();
  const [step, setStep] = useState<Step>(null);

  function confirm() {
    if (step?.kind !== "confirm") return;
    const { plan } = step;
    remove.mutate(
      { id: plan.id },
      {
        onSuccess: () => {
          toast.success("Plano excluído com sucesso");
          setStep(null);
        },
        onError: (err) => {
          const usage = planUsageOf(err);
          if (usage) {
            setStep({ kind: "force", plan, usage });
            return;
          }
          toast.error("Erro ao excluir plano");
          setStep(null);
        },
      },
    );
  }

  function force() {
    if (step?.kind !== "force") return;
    remove.mutate(
      { id: step.plan.id, force: true },
      {
        onSuccess: () => toast.success("Plano excluído (forçado) e dependências desvinculadas"),
        onError: () => toast.error("Erro ao excluir plano"),
        onSettled: () => setStep(null),
      },
    );
  }

  function cancel() {
    if (step?.kind === "force") toast("Exclusão cancelada");
    setStep(null);
  }

  return {
    step,
    pending: remove.isPending,
    start: (plan: AdminPlan) => setStep({ kind: "confirm", plan }),
    confirm,
    force,
    cancel,
  };
}

/** The two dialogs of the deletion: "Excluir plano?" and, when it is in use, "Excluir mesmo assim?". */
export function DeletePlanDialogs({ flow }: { flow: ReturnType<typeof useDeletePlanFlow> }) {
  const { step } = flow;
  return (
    <>
      <ConfirmDialog
        open={step?.kind === "confirm"}
        title="Excluir plano?"
        description={step ? `O plano “${step.plan.name}” será excluído.` : undefined}
        confirmLabel="Excluir"
        pendingLabel="Excluindo..."
        pending={flow.pending}
        onConfirm={flow.confirm}
        onCancel={flow.cancel}
      />
      <ConfirmDialog
        open={step?.kind === "force"}
        title="Plano em uso"
        description="Deseja excluir mesmo assim? O plano será desvinculado; pagamentos e modelos são mantidos."
        confirmLabel="Excluir mesmo assim"
        pendingLabel="Excluindo..."
        pending={flow.pending}
        onConfirm={flow.force}
        onCancel={flow.cancel}
      >
        {step?.kind === "force" && (
          <div className="flex flex-col gap-2 text-sm text-ink-muted">
            <p>
              O plano “{step.plan.name}” está vinculado a{" "}
              <strong className="text-ink">{plural(step.usage.payments, "pagamento", "pagamentos")}</strong> e{" "}
              <strong className="text-ink">{plural(step.usage.models, "modelo", "modelos")}</strong>.
            </p>
            {step.usage.models_linked.length > 0 && (
              <p>
                Modelos: {step.usage.models_linked.join(", ")}
                {step.usage.models > step.usage.models_linked.length && " e outras"}.
              </p>
            )}
          </div>
        )}
      </ConfirmDialog>
    </>
  );
}
