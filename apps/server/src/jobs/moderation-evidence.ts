import { expireEvidence } from "../modules/moderation/service";
import type { Job } from "./scheduler";

export const MODERATION_EVIDENCE_JOB = "moderation-evidence";

/**
 * Deletes evidence kept under legal hold once its hold (at least 6 months) has passed, and finishes or discards
 * evidence files a crash left staged (modules/moderation/evidence.ts).
 */
export const moderationEvidenceJob: Job = {
  name: MODERATION_EVIDENCE_JOB,
  label: "Retenção legal de denúncias",
  description: "Apaga as provas guardadas por obrigação legal quando o prazo de guarda (no mínimo 6 meses) termina.",
  intervalMs: 60 * 60_000,
  async run({ app, now }) {
    const done = await expireEvidence({ db: app.db, storage: app.evidenceStorage, now });
    if (done.deleted + done.staged > 0) app.log.info({ job: MODERATION_EVIDENCE_JOB, ...done }, "retenção legal");
  },
};
