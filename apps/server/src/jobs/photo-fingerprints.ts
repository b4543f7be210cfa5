import { fingerprintStoredPhotos } from "../modules/photos/service";
import type { Job } from "./scheduler";

export const PHOTO_FINGERPRINTS_JOB = "photo-fingerprints";

/** How long one run may work through the backlog; the rest waits for the next run. */
const RUN_BUDGET_MS = 20_000;

/**
 * Fingerprints the photos stored before fingerprints existed, a batch per run from where the last run stopped
 * (job state `afterId`), and completes the blocks recorded for photos that had none yet. Uploads are fingerprinted
 * as they arrive, so once the backlog is done a run is one indexed query that finds nothing.
 */
export const photoFingerprintsJob: Job = {
  name: PHOTO_FINGERPRINTS_JOB,
  label: "Impressões digitais das fotos",
  description: "Calcula as impressões digitais das fotos antigas, que impedem o reenvio de fotos removidas.",
  intervalMs: 60_000,
  async run({ app, state }) {
    const afterId = typeof state.afterId === "number" ? state.afterId : 0;
    const result = await fingerprintStoredPhotos({
      db: app.db,
      storage: app.storage,
      afterId,
      budgetMs: RUN_BUDGET_MS,
    });
    if (result.fingerprinted + result.unreadable + result.blocksCompleted > 0) {
      app.log.info({ job: PHOTO_FINGERPRINTS_JOB, ...result }, "impressões digitais das fotos");
    }
    return { afterId: result.afterId };
  },
};
