import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { ageChecksJob } from "./age-checks";
import { availabilityEndJob } from "./availability-end";
import { boostsJob } from "./boosts";
import { cleanupJob } from "./cleanup";
import { expirePendingJob } from "./expire-pending";
import { mailOutboxJob } from "./mail-outbox";
import { moderationEvidenceJob } from "./moderation-evidence";
import { photoFingerprintsJob } from "./photo-fingerprints";
import { planExpiryJob } from "./plan-expiry";
import { reconcileJob } from "./reconcile";
import { createScheduler, type Job, type Scheduler } from "./scheduler";
import { storageSweepJob } from "./storage-sweep";
import { verificationJob } from "./verification";

/** Every scheduled job of the server; the storage sweep only when its interval is not 0. */
export function serverJobs(config: Pick<Config, "storageSweepIntervalMs">): Job[] {
  const jobs = [
    planExpiryJob,
    expirePendingJob,
    reconcileJob,
    cleanupJob,
    ageChecksJob,
    moderationEvidenceJob,
    verificationJob,
    photoFingerprintsJob,
    mailOutboxJob,
    availabilityEndJob,
    boostsJob,
  ];
  if (config.storageSweepIntervalMs > 0) jobs.push(storageSweepJob(config.storageSweepIntervalMs));
  return jobs;
}

/**
 * Starts the scheduled jobs of a server process (never from buildApp: tests run no timers) and stops them when
 * the app closes, before the database does. Call it before the app listens (it adds an onClose hook). Returns
 * null when JOBS_ENABLED is off.
 */
export function startJobs({ app, database }: { app: FastifyInstance; database: Database }): Scheduler | null {
  if (!app.config.jobsEnabled) {
    app.log.info("jobs agendados desligados (JOBS_ENABLED=false)");
    return null;
  }
  const scheduler = createScheduler({ app, database, jobs: serverJobs(app.config) });
  app.addHook("onClose", () => scheduler.stop());
  scheduler.start();
  return scheduler;
}
