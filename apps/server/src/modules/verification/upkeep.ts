import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { identityVerifications, models, pendingFileDeletions } from "../../db/schema";
import { removeQueuedFiles } from "../models/stored-files";
import type { Storage } from "../../plugins/storage";

const BATCH = 200;

/**
 * Deletes the review files that are due (24 hours after the decision, 30 days after one she appealed against or
 * one that found her under 18) and forgets with them her code and appeal message: what stays is the decision,
 * the reviewer, the document type and the birth date. The verifications of an erased account go entirely. The
 * files are queued for deletion in the transaction that forgets them and removed after it (the storage sweep
 * finishes what a crash interrupts). Answers how many verifications were cleared.
 */
export async function deleteDueVerificationFiles(input: { db: Db; storage: Storage; now: Date }): Promise<number> {
  let cleared = 0;
  for (;;) {
    const due = await input.db
      .select({
        id: identityVerifications.id,
        documentFileKey: identityVerifications.documentFileKey,
        selfieFileKey: identityVerifications.selfieFileKey,
        erased: sql<boolean>`(${models.deletedAt} is not null)`,
      })
      .from(identityVerifications)
      .innerJoin(models, eq(models.id, identityVerifications.modelId))
      .where(or(lte(identityVerifications.filesDeleteAfter, input.now), isNotNull(models.deletedAt)))
      .limit(BATCH);
    if (due.length === 0) return cleared;
    const queued = await input.db.transaction(async (tx) => {
      const keys = due.flatMap((d) => [d.documentFileKey, d.selfieFileKey]).filter((k) => k !== null);
      const erased = due.filter((d) => d.erased).map((d) => d.id);
      const kept = due.filter((d) => !d.erased).map((d) => d.id);
      if (erased.length > 0) await tx.delete(identityVerifications).where(inArray(identityVerifications.id, erased));
      if (kept.length > 0) {
        await tx
          .update(identityVerifications)
          .set({ documentFileKey: null, selfieFileKey: null, code: null, appealMessage: null, filesDeleteAfter: null })
          .where(inArray(identityVerifications.id, kept));
      }
      if (keys.length === 0) return [];
      return tx
        .insert(pendingFileDeletions)
        .values(keys.map((fileKey) => ({ fileKey })))
        .returning({ id: pendingFileDeletions.id, fileKey: pendingFileDeletions.fileKey });
    });
    await removeQueuedFiles({ db: input.db, storage: input.storage, queued });
    cleared += due.length;
    if (due.length < BATCH) return cleared;
  }
}

/**
 * Keeps the age of every verified model equal to the age of her verified birth date on `today` (São Paulo): the
 * day of her birthday it moves by one. Answers the models whose age changed (the public data version moves by
 * the models' trigger; the caller tells the live stream).
 */
export async function refreshVerifiedAges(input: { db: Db; today: string }): Promise<number[]> {
  const computed = sql<number>`extract(year from age(${input.today}::date, ${models.verifiedBirthDate}))::smallint`;
  const rows = await input.db
    .update(models)
    .set({ age: computed })
    .where(
      and(
        isNotNull(models.verifiedBirthDate),
        isNull(models.deletedAt),
        sql`${models.age} is distinct from ${computed}`,
      ),
    )
    .returning({ id: models.id });
  return rows.map((r) => r.id);
}
