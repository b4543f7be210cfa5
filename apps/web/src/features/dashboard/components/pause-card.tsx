import type { ProfileModel } from "@vitrine/contracts";
import { useState } from "react";
import { ErrorAlert } from "@/components/error-alert";
import { Button, ConfirmDialog } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { useSetPause } from "../api/pause";

/** What the screen says of her plan while the ad is paused (it is not frozen). */
export const PLAN_RUNS_WHILE_PAUSED = "Seu plano continua correndo enquanto o anúncio está pausado.";

/**
 * "Pausar anúncio" on her dashboard: takes her off the site at once (after a confirmation) and "Retomar" brings her
 * back. It says, before and during the pause, that her plan keeps running (its end does not move). Shown once the
 * team approved her ad (identity verified) or while it is paused.
 */
export function PauseCard({ model }: { model: ProfileModel }) {
  const mutation = useSetPause();
  const [confirming, setConfirming] = useState(false);
  const paused = model.paused_at !== null;
  if (!paused && !model.is_verified) return null;
  const planEnd = model.next_due_date ? ` Ele vence em ${formatDate(model.next_due_date)}.` : "";

  return (
    <section
      aria-labelledby="pause-title"
      className={
        paused
          ? "rounded-2xl border border-warning/50 bg-warning-soft p-5 shadow-elevated sm:p-6"
          : "rounded-2xl border border-line bg-surface p-5 shadow-elevated sm:p-6"
      }
      data-testid="pause-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id="pause-title" className="font-display text-xl font-semibold text-ink">
            {paused ? "Anúncio pausado" : "Pausar anúncio"}
          </h2>
          <p className="mt-1 text-sm text-ink-muted" aria-live="polite">
            {paused
              ? `Desde ${formatDate(model.paused_at)} seu anúncio não aparece no site. ${PLAN_RUNS_WHILE_PAUSED}${planEnd}`
              : `Precisa de uma pausa? Seu anúncio sai do site na hora e volta quando você quiser. ${PLAN_RUNS_WHILE_PAUSED}`}
          </p>
        </div>
        {paused ? (
          <Button className="w-full sm:w-auto" loading={mutation.isPending} onClick={() => mutation.mutate(false)}>
            Retomar
          </Button>
        ) : (
          <Button variant="secondary" className="w-full sm:w-auto" onClick={() => setConfirming(true)}>
            Pausar anúncio
          </Button>
        )}
      </div>

      {mutation.isError && (
        <div className="mt-4">
          <ErrorAlert>
            {errorMessage(mutation.error, "Não foi possível mudar seu anúncio. Tente novamente.")}
          </ErrorAlert>
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        title="Pausar anúncio?"
        description={`Seu anúncio sai do site agora, até você tocar em Retomar. ${PLAN_RUNS_WHILE_PAUSED}${planEnd}`}
        confirmLabel="Pausar anúncio"
        pendingLabel="Pausando..."
        tone="primary"
        pending={mutation.isPending}
        onConfirm={() => mutation.mutate(true, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
