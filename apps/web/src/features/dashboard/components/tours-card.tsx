import {
  addDaysToDate,
  type OwnTour,
  TOUR_DAYS_MAX,
  TOUR_START_WITHIN_DAYS,
  tourDays,
  TOURS_MAX,
} from "@vitrine/contracts";
import { type FormEvent, useState } from "react";
import { ErrorAlert } from "@/components/error-alert";
import { Button, Input } from "@/components/ui";
import { EstadoMunicipioFields } from "@/features/cities/components/estado-municipio-fields";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useAddTour, useOwnTours, useRemoveTour } from "../api/tours";

const ymd = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Sao_Paulo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today in São Paulo, "YYYY-MM-DD" (the days of a tour are São Paulo days). */
const todayInSaoPaulo = () => ymd.format(new Date());

type Values = { estado_id: string; municipio_id: string; starts_on: string; ends_on: string };
const EMPTY: Values = { estado_id: "", municipio_id: "", starts_on: "", ends_on: "" };

function TourRow({ tour }: { tour: OwnTour }) {
  const remove = useRemoveTour();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="tour-row">
      <div className="min-w-0">
        <p className="font-medium text-ink">
          {tour.city_name} - {tour.state}
        </p>
        <p className="text-sm text-ink-muted">
          {tourDays(tour.starts_on, tour.ends_on)}
          <span aria-hidden> · </span>
          <span className={tour.status === "active" ? "text-success" : undefined}>
            {tour.status === "active" ? "Em andamento" : "Programada"}
          </span>
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        loading={remove.isPending}
        aria-label={`Remover turnê em ${tour.city_name}`}
        onClick={() => remove.mutate(tour.id)}
      >
        Remover
      </Button>
      {remove.isError && (
        <div className="w-full">
          <ErrorAlert>{errorMessage(remove.error, "Não foi possível remover a turnê. Tente novamente.")}</ErrorAlert>
        </div>
      )}
    </li>
  );
}

/**
 * "Turnês" on her dashboard: the cities she visits for a few days (listed there too, her card saying "Em turnê até
 * 12/12"), each removable, and the form to add one (estado → cidade, first and last day). At most TOURS_MAX not
 * ended; the server's refusals (overlap, her own city, dates) are shown by their field.
 */
export function ToursCard() {
  const tours = useOwnTours();
  const add = useAddTour();
  const [values, setValues] = useState<Values>(EMPTY);
  const list = tours.data?.tours ?? [];
  const today = todayInSaoPaulo();
  const full = list.length >= TOURS_MAX;
  const fieldError = (path: string) =>
    add.error instanceof ApiError ? add.error.details.find((d) => d.path === path)?.message : undefined;
  const set = (key: keyof Values) => (event: { target: { value: string } }) =>
    setValues((v) => ({
      ...v,
      [key]: event.target.value,
      ...(key === "estado_id" ? { municipio_id: "" } : {}),
      ...(key === "starts_on" && (!v.ends_on || v.ends_on < event.target.value) ? { ends_on: event.target.value } : {}),
    }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { municipio_id: Number(values.municipio_id) || 0, starts_on: values.starts_on, ends_on: values.ends_on },
      { onSuccess: () => setValues(EMPTY) },
    );
  };

  return (
    <section
      aria-labelledby="tours-title"
      className="rounded-2xl border border-line bg-surface p-5 shadow-elevated sm:p-6"
      data-testid="tours-card"
    >
      <h2 id="tours-title" className="font-display text-xl font-semibold text-ink">
        Turnês
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Vai atender em outra cidade por alguns dias? Seu anúncio aparece lá também, com “Em turnê até…”, e sai sozinho
        no fim. Até {TOURS_MAX} turnês programadas, de até {TOUR_DAYS_MAX + 1} dias cada.
      </p>

      {list.length > 0 && (
        <ul className="mt-4 divide-y divide-line border-y border-line" aria-label="Suas turnês">
          {list.map((tour) => (
            <TourRow key={tour.id} tour={tour} />
          ))}
        </ul>
      )}

      {full ? (
        <p className="mt-4 text-sm text-ink-muted">Você já tem {TOURS_MAX} turnês programadas.</p>
      ) : (
        <form className="mt-5 grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
          <EstadoMunicipioFields
            estado={{ name: "estado_id", value: values.estado_id, onChange: set("estado_id") }}
            municipio={{
              name: "municipio_id",
              value: values.municipio_id,
              onChange: set("municipio_id"),
              error: fieldError("municipio_id"),
            }}
            municipioLabel="Cidade da turnê"
            municipioPlaceholder="Selecione a cidade"
          />
          <Input
            label="Primeiro dia"
            type="date"
            name="starts_on"
            required
            min={today}
            max={addDaysToDate(today, TOUR_START_WITHIN_DAYS)}
            value={values.starts_on}
            onChange={set("starts_on")}
            error={fieldError("starts_on")}
          />
          <Input
            label="Último dia"
            type="date"
            name="ends_on"
            required
            min={values.starts_on || today}
            max={values.starts_on ? addDaysToDate(values.starts_on, TOUR_DAYS_MAX) : undefined}
            value={values.ends_on}
            onChange={set("ends_on")}
            error={fieldError("ends_on")}
          />
          {add.isError && !(add.error instanceof ApiError && add.error.details.length > 0) && (
            <div className="sm:col-span-2">
              <ErrorAlert>{errorMessage(add.error, "Não foi possível adicionar a turnê. Tente novamente.")}</ErrorAlert>
            </div>
          )}
          <div className="sm:col-span-2">
            <Button type="submit" className="w-full sm:w-auto" loading={add.isPending}>
              Adicionar turnê
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
