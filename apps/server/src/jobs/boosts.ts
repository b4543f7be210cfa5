import { syncBoostPublicState, touchRotatingCities } from "../modules/boosts/service";
import type { Job } from "./scheduler";

export const BOOSTS_JOB = "boosts";

/**
 * Paid boosts by the clock (decision 079). Nothing public waits for this job: placement.ts compares each boost's
 * times with now, so a boost starts, moves up and ends on time by itself. The job brings the news to cached pages:
 * a boost that started, moved up or ended has its public_state rewritten (its city's list and her card are
 * touched), and when the featured rotation's 10-minute slot turns, each city with more boosts than places has its
 * list touched.
 */
export const boostsJob: Job = {
  name: BOOSTS_JOB,
  label: "Impulsionamentos no relógio",
  description:
    "Atualiza as páginas em cache quando um impulsionamento começa, sobe de novo ou termina, e gira os destaques.",
  intervalMs: 60_000,
  async run({ app, now, state }) {
    const lastSlot = typeof state.slot === "number" ? state.slot : null;
    const { changed, slot } = await app.db.transaction(async (tx) => ({
      changed: await syncBoostPublicState(tx, now),
      slot: await touchRotatingCities(tx, now, lastSlot),
    }));
    if (changed > 0) app.log.info({ job: BOOSTS_JOB, boosts: changed }, "impulsionamentos atualizados");
    return { slot };
  },
};
