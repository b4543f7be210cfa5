import { randomBytes } from "node:crypto";
import { DELETED_ACCOUNT_NAME } from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import { directLoginTokens, models, photos, products, visitorMarks } from "../../db/schema";
import { queuePhotoFileDeletions } from "./stored-files";
import type { Tx } from "./lock-model";
import { ACCOUNT_FROZEN_MESSAGE, assertPhotosNotFrozen } from "./moderation-state";
import { isModelVisible } from "./publish";

/**
 * Erases a model inside the caller's transaction (her row already locked): photos (rows now, files queued for
 * after the commit), products, direct-login tokens and visitor marks go, and the row stays only as a shell that
 * payments and orders can still point at — placeholder username and e-mail that can never be registered (so she
 * may register again), a password hash no password matches, and NULL or zero for every profile, place, plan, date
 * and counter field. `keepName` keeps her name on the shell (an admin's deletion, so the back-office still shows
 * whose records they were); otherwise the name becomes "Conta removida" (the model's own LGPD deletion). While an
 * urgent report is open her photos are evidence, so neither she nor an admin may erase her before it is decided.
 */
export async function eraseModel({ tx, modelId, keepName }: { tx: Tx; modelId: number; keepName: boolean }) {
  await assertPhotosNotFrozen(tx, modelId, ACCOUNT_FROZEN_MESSAGE);
  const wasVisible = await isModelVisible({ db: tx, modelId });
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
      ...(keepName ? {} : { name: DELETED_ACCOUNT_NAME }),
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
      // Her verifications (and their files) go with the verification job's next run.
      verifiedBirthDate: null,
      verificationFrozenAt: null,
      deletedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(models.id, modelId));
  return { queued, wasVisible, photos: gone.length, products: goneProducts.length };
}
