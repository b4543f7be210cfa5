// No zod here: the public pages load this file (the schemas are in tours.ts, which re-exports it).

/** At most this many tours of hers that have not ended (upcoming or under way). */
export const TOURS_MAX = 3;
/** A tour lasts at most this many days after its first (ends_on ≤ starts_on + TOUR_DAYS_MAX). */
export const TOUR_DAYS_MAX = 30;
/** A tour starts at most this many days from today (São Paulo). */
export const TOUR_START_WITHIN_DAYS = 90;

export const TOURS_LIMIT_MESSAGE = `Você pode ter no máximo ${TOURS_MAX} turnês programadas.`;
export const TOUR_OVERLAP_MESSAGE = "Você já tem uma turnê nessas datas.";
export const TOUR_HOME_CITY_MESSAGE = "Escolha uma cidade diferente da sua: lá você já aparece.";
export const TOUR_NOT_FOUND_MESSAGE = "Turnê não encontrada";
export const TOUR_START_PAST_MESSAGE = "A turnê não pode começar antes de hoje.";
export const TOUR_START_FAR_MESSAGE = `A turnê deve começar nos próximos ${TOUR_START_WITHIN_DAYS} dias.`;
export const TOUR_END_BEFORE_MESSAGE = "A data final deve ser igual ou posterior à inicial.";
export const TOUR_TOO_LONG_MESSAGE = `Uma turnê dura no máximo ${TOUR_DAYS_MAX + 1} dias.`;

/** Her tour under way today, as the public card and profile carry it (São Paulo days, both included). */
export type PublicTour = {
  city_id: number;
  city_name: string;
  state: string;
  city_slug: string;
  starts_on: string;
  ends_on: string;
};

/** "2026-12-12" → "12/12". */
export function dayMonth(isoDate: string): string {
  return `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}`;
}

/** "10 a 12/12" within a month, "28/11 a 02/12" across months, "12/12" for one day. */
export function tourDays(startsOn: string, endsOn: string): string {
  if (startsOn === endsOn) return dayMonth(endsOn);
  if (startsOn.slice(0, 7) === endsOn.slice(0, 7)) return `${startsOn.slice(8, 10)} a ${dayMonth(endsOn)}`;
  return `${dayMonth(startsOn)} a ${dayMonth(endsOn)}`;
}

/**
 * The label of her tour: on the tour city's page "Em turnê até 12/12"; anywhere else (her city, home, search,
 * favourites, her profile) "Em turnê em Curitiba de 10 a 12/12".
 */
export function tourLabel(tour: PublicTour, pageCityId?: number | null): string {
  if (pageCityId === tour.city_id) return `Em turnê até ${dayMonth(tour.ends_on)}`;
  const days = tourDays(tour.starts_on, tour.ends_on);
  return `Em turnê em ${tour.city_name} ${tour.starts_on === tour.ends_on ? "em" : "de"} ${days}`;
}
