import {
  AVAILABILITY_HOURS_MAX,
  AVAILABILITY_HOURS_MIN,
  AVAILABLE_NOW_LABEL,
  isAvailableNow,
  type ProfileModel,
} from "@vitrine/contracts";
import { useEffect, useState } from "react";
import { ErrorAlert } from "@/components/error-alert";
import { Button } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { useSetAvailability } from "../api/availability";

const HOURS = Array.from(
  { length: AVAILABILITY_HOURS_MAX - AVAILABILITY_HOURS_MIN + 1 },
  (_, i) => AVAILABILITY_HOURS_MIN + i,
);
const timeFormat = new Intl.DateTimeFormat("pt-BR", {
  timeZone: "America/Sao_Paulo",
  hour: "2-digit",
  minute: "2-digit",
});

/**
 * "Disponível agora" on her dashboard, phone first: one tap opens the choice of 1 to 8 hours, the next turns it
 * on; while on it says until when ("Disponível até 22:30") with "Encerrar". It shows off again by itself when the
 * end passes. The server's refusal (more than the day's starts) is shown as it says it.
 */
export function AvailabilityCard({ model }: { model: ProfileModel }) {
  const mutation = useSetAvailability();
  const [choosing, setChoosing] = useState(false);
  const [, setTick] = useState(0);
  const until = model.available_until;
  const on = isAvailableNow(until);

  // Drawn again at the end, so the card turns off without a reload.
  useEffect(() => {
    if (!until) return;
    const left = Date.parse(until) - Date.now();
    if (left <= 0) return;
    const timer = window.setTimeout(() => setTick((n) => n + 1), Math.min(left + 500, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [until]);

  const set = (hours: number | null) => mutation.mutate(hours, { onSuccess: () => setChoosing(false) });

  return (
    <section
      aria-labelledby="availability-title"
      className="rounded-2xl border border-line bg-surface p-5 shadow-elevated sm:p-6"
      data-testid="availability-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id="availability-title" className="flex items-center gap-2 font-display text-xl font-semibold text-ink">
            <span
              aria-hidden
              className={
                on
                  ? "size-2.5 rounded-full bg-success shadow-[0_0_0_4px] shadow-success/20"
                  : "size-2.5 rounded-full bg-line-strong"
              }
            />
            {AVAILABLE_NOW_LABEL}
          </h2>
          <p className={on ? "mt-1 font-medium text-ink" : "mt-1 text-sm text-ink-muted"} aria-live="polite">
            {on && until
              ? `Disponível até ${timeFormat.format(new Date(until))}`
              : "Avise que você pode atender agora: seu anúncio ganha o selo e aparece antes."}
          </p>
        </div>
        {on ? (
          <div className="flex w-full gap-2 sm:w-auto">
            <Button variant="secondary" className="flex-1 sm:flex-none" onClick={() => setChoosing((v) => !v)}>
              Alterar
            </Button>
            <Button
              variant="ghost"
              className="flex-1 sm:flex-none"
              loading={mutation.isPending && mutation.variables === null}
              onClick={() => set(null)}
            >
              Encerrar
            </Button>
          </div>
        ) : (
          !choosing && (
            <Button className="w-full sm:w-auto" onClick={() => setChoosing(true)}>
              Ficar disponível
            </Button>
          )
        )}
      </div>

      {choosing && (
        <fieldset className="mt-5">
          <legend className="text-sm text-ink">Por quantas horas?</legend>
          <div className="mt-3 grid grid-cols-4 gap-2 sm:grid-cols-8">
            {HOURS.map((hours) => (
              <Button
                key={hours}
                variant="secondary"
                disabled={mutation.isPending}
                loading={mutation.isPending && mutation.variables === hours}
                aria-label={hours === 1 ? "1 hora" : `${hours} horas`}
                onClick={() => set(hours)}
              >
                {hours} h
              </Button>
            ))}
          </div>
          <Button variant="ghost" size="sm" className="mt-3" onClick={() => setChoosing(false)}>
            Cancelar
          </Button>
        </fieldset>
      )}

      {mutation.isError && (
        <div className="mt-4">
          <ErrorAlert>
            {errorMessage(mutation.error, "Não foi possível mudar sua disponibilidade. Tente novamente.")}
          </ErrorAlert>
        </div>
      )}
    </section>
  );
}
