import { todayInSaoPaulo } from "../lib/dates";
import { recordModelChange } from "../modules/models/publish";
import {
  deleteDueVerificationFiles,
  refreshVerifiedAges,
  VERIFICATION_JOB_INTERVAL_MS,
} from "../modules/verification/service";
import type { Job } from "./scheduler";

export const VERIFICATION_JOB = "verification";

/**
 * Identity verification upkeep: deletes the review files that are due (within 24 hours of the decision, 30 days
 * when she appealed or was found under 18) and moves the age of each verified model on her birthday, telling the
 * live stream about the ones the public sees.
 */
export const verificationJob: Job = {
  name: VERIFICATION_JOB,
  label: "Verificação de identidade: arquivos e idades",
  description:
    "Apaga os documentos e selfies das verificações de identidade no prazo e atualiza a idade das modelos no aniversário.",
  intervalMs: VERIFICATION_JOB_INTERVAL_MS,
  async run({ app, now }) {
    const cleared = await deleteDueVerificationFiles({ db: app.db, storage: app.storage, now });
    const aged = await app.db.transaction(async (tx) => {
      const ids = await refreshVerifiedAges({ db: tx, today: todayInSaoPaulo(now) });
      for (const modelId of ids) await recordModelChange(tx, modelId);
      return ids;
    });
    await app.events.deliver();
    if (cleared + aged.length > 0) app.log.info({ job: VERIFICATION_JOB, cleared, aged: aged.length }, "verificações");
  },
};
