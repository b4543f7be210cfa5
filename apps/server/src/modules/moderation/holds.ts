import { and, eq, ne, or, type SQL, sql } from "drizzle-orm";
import { moderationCases, models } from "../../db/schema";
import type { Tx } from "../models/lock-model";
import { MODERATION_CLEAR } from "../models/visibility";

/** Her open cases that hold her before review (reports that agreed hid her; an admin decides each). */
export function openHoldingCasesOf(modelId: number): SQL {
  return and(
    eq(moderationCases.modelId, modelId),
    eq(moderationCases.status, "open"),
    eq(moderationCases.autoHidden, true),
  )!;
}

/**
 * Holds a profile out of public view until an admin decides (a model already hidden, suspended or banned stays
 * so); `freezePhotos` also freezes her photos as evidence (she cannot delete them or her account).
 */
export async function holdProfile(tx: Tx, modelId: number, { freezePhotos }: { freezePhotos: boolean }) {
  await tx
    .update(models)
    .set({
      moderationStatus: sql`case when ${models.moderationStatus} = ${MODERATION_CLEAR} then 'held' else ${models.moderationStatus} end`,
      ...(freezePhotos ? { photosFrozenAt: sql`coalesce(${models.photosFrozenAt}, now())` } : {}),
    })
    .where(eq(models.id, modelId));
}

/**
 * After a case of hers is decided: an automatic hold ends when no other open case of hers holds her, and her
 * photos thaw when no other open case of hers is urgent. (An admin's own decision sets the status itself.)
 */
export async function releaseHolds(tx: Tx, modelId: number, exceptCaseId: number) {
  const others = await tx
    .select({
      priority: moderationCases.priority,
      autoHidden: moderationCases.autoHidden,
      photoId: moderationCases.photoId,
    })
    .from(moderationCases)
    .where(
      and(
        eq(moderationCases.modelId, modelId),
        eq(moderationCases.status, "open"),
        ne(moderationCases.id, exceptCaseId),
        or(eq(moderationCases.autoHidden, true), eq(moderationCases.priority, 2)),
      ),
    );
  const stillHeld = others.some((c) => c.autoHidden && (c.photoId === null || c.priority === 2));
  const stillFrozen = others.some((c) => c.priority === 2 && c.autoHidden);
  await tx
    .update(models)
    .set({
      ...(stillHeld
        ? {}
        : {
            moderationStatus: sql`case when ${models.moderationStatus} = 'held' then ${MODERATION_CLEAR} else ${models.moderationStatus} end`,
          }),
      ...(stillFrozen ? {} : { photosFrozenAt: null }),
    })
    .where(eq(models.id, modelId));
}
