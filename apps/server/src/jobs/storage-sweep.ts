import { sweepStorage } from "../modules/models/stored-files";
import type { Job } from "./scheduler";

export const STORAGE_SWEEP_JOB = "storage-sweep";

/**
 * Finishes photo file moves and deletions that a crash left behind while the server ran (the start-up sweep does
 * the rest); staged files younger than the grace period may belong to an upload in progress and stay.
 */
export function storageSweepJob(intervalMs: number): Job {
  return {
    name: STORAGE_SWEEP_JOB,
    label: "Limpeza de arquivos de fotos",
    description: "Conclui as movimentações e exclusões de arquivos de fotos interrompidas por uma queda do servidor.",
    intervalMs,
    async run({ app, now }) {
      const swept = await sweepStorage({ db: app.db, storage: app.storage, now });
      if (swept.deleted + swept.committed + swept.discarded > 0) {
        app.log.info({ job: STORAGE_SWEEP_JOB, ...swept }, "arquivos pendentes concluídos");
      }
    },
  };
}
