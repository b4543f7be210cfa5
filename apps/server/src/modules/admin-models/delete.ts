import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { directLoginTokens, models, photos, products, visitorMarks } from "../../db/schema";
import type { Storage } from "../../plugins/storage";
import { recordAudit } from "../audit/service";
import { lockModelForAdmin } from "../models/lock-model";
import { isModelVisible } from "../models/publish";
import { queuePhotoFileDeletions, removeQueuedFiles } from "../photos/service";

/**
 * An admin deletes a model (docs/decisions/021-admin-model-deletion.md). Her photos (rows; their files are queued
 * in the transaction and removed after the commit, so a crash in between leaves the sweep to finish), products, direct-login tokens and visitor marks go. The row stays, marked deleted, keeping only her
 * name and id so that her payments and orders still say whose they were; every contact and profile field is
 * cleared, the username and e-mail are freed (she may register again) and no password matches any more. Deleted
 * models are outside every public query, the admin list and every session guard. Answers whether the public
 * saw her before.
 */
export async function deleteModelByAdmin(input: {
  db: Db;
  storage: Storage;
  adminId: number;
  modelId: number;
}): Promise<{ wasVisible: boolean }> {
  const { modelId } = input;
  const { queuedFiles, wasVisible } = await input.db.transaction(async (tx) => {
    const model = await lockModelForAdmin(tx, modelId);
    const visible = await isModelVisible({ db: tx, modelId });
    const gone = await tx.delete(photos).where(eq(photos.modelId, modelId)).returning({ filename: photos.filename });
    const queued = await queuePhotoFileDeletions(
      tx,
      gone.map((p) => p.filename),
    );
    const goneProducts = await tx.delete(products).where(eq(products.modelId, modelId)).returning({ id: products.id });
    await tx.delete(directLoginTokens).where(eq(directLoginTokens.modelId, modelId));
    await tx.delete(visitorMarks).where(eq(visitorMarks.modelId, modelId));
    await tx
      .update(models)
      .set({
        // Neither placeholder can be registered: ":" is not allowed in usernames, "invalid" is not an e-mail domain.
        username: `deleted:${modelId}`,
        email: `deleted-${modelId}@invalid`,
        // Not an argon2 hash: no password ever matches it.
        passwordHash: `deleted:${randomBytes(16).toString("hex")}`,
        age: null,
        estadoId: null,
        municipioId: null,
        categoryId: null,
        description: "",
        phone: null,
        whatsapp: null,
        instagram: null,
        height: null,
        weight: null,
        measurements: null,
        services: "",
        rates: "",
        searchText: "",
        planId: null,
        nextDueDate: null,
        firstPaidAt: null,
        viewsCount: 0,
        contactCount: 0,
        isActive: false,
        isFeatured: false,
        isVerified: false,
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(models.id, modelId));
    await recordAudit({
      db: tx,
      adminId: input.adminId,
      entry: {
        action: "model.delete",
        target: { type: "model", id: modelId },
        changes: { name: model.name, photos: gone.length, products: goneProducts.length },
      },
    });
    return { queuedFiles: queued, wasVisible: visible };
  });
  await removeQueuedFiles({ db: input.db, storage: input.storage, queued: queuedFiles });
  return { wasVisible };
}
