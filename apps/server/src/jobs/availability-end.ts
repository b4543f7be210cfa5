import { clearEndedAvailability } from "../modules/models/availability";
import { recordModelChange } from "../modules/models/publish";
import type { Job } from "./scheduler";

export const AVAILABILITY_END_JOB = "availability-end";

/**
 * Ends "Disponível agora" where its time passed. Nothing public waits for it: every answer compares her end with
 * now, so the badge, the filter and the order drop her at the end by themselves. What the job adds is the news:
 * clearing the end moves the public caches (the trigger of migration 0042: her card, the filtered and the plain
 * lists of her city) and tells open pages (model_status_updated on the public stream, only for a model the public
 * sees), so a cached page or an open one loses the badge within the job's interval (the card carries the end, so a page
 * that compares it with its own clock drops the badge on time).
 */
export const availabilityEndJob: Job = {
  name: AVAILABILITY_END_JOB,
  label: "Fim do Disponível agora",
  description: "Encerra o “Disponível agora” cujo prazo passou e avisa as páginas abertas.",
  intervalMs: 30_000,
  async run({ app, now, state }) {
    const ended = await app.db.transaction(async (tx) => {
      const ids = await clearEndedAvailability({ db: tx, now });
      for (const id of ids) await recordModelChange(tx, id);
      return ids;
    });
    if (ended.length > 0) {
      await app.events.deliver();
      app.log.info({ job: AVAILABILITY_END_JOB, models: ended.length }, "disponível agora encerrado");
    }
    return state;
  },
};
