import { randomBytes } from "node:crypto";
import { type ChangeEmailBodySchema, type ChangePasswordBody, DELETED_ACCOUNT_NAME } from "@vitrine/contracts";
import { and, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { directLoginTokens, models, photos, products } from "../../db/schema";
import { badRequest, conflict, isUniqueViolation, notFound } from "../../lib/app-error";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import type { Storage } from "../../plugins/storage";
import { lockModel } from "../models/lock-model";
import { queuePhotoFileDeletions, removeQueuedFiles } from "../photos/service";

const EMAIL_TAKEN = { path: "email", message: "E-mail já cadastrado" };

/**
 * A wrong password answers 400, not 401: the web treats any 401 as an expired session and signs the model out.
 */
async function assertPassword(db: Db, modelId: number, password: string, path: string) {
  const [model] = await db.select().from(models).where(eq(models.id, modelId));
  if (!model) throw notFound("Modelo não encontrada");
  if (!(await verifyPassword(model.passwordHash, password))) {
    const message = path === "password" ? "Senha incorreta" : "Senha atual incorreta";
    throw badRequest(message, [{ path, message }]);
  }
  return model;
}

/** Returns the new session version: every token signed before ends, a stolen one with the old password. */
export async function changePassword({
  db,
  modelId,
  body,
}: {
  db: Db;
  modelId: number;
  body: ChangePasswordBody;
}): Promise<number> {
  await assertPassword(db, modelId, body.current_password, "current_password");
  const [row] = await db
    .update(models)
    .set({
      passwordHash: await hashPassword(body.new_password),
      sessionVersion: sql`${models.sessionVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(models.id, modelId))
    .returning({ sessionVersion: models.sessionVersion });
  return row.sessionVersion;
}

export async function changeEmail(input: { db: Db; modelId: number; body: z.output<typeof ChangeEmailBodySchema> }) {
  const { db, modelId, body } = input;
  await assertPassword(db, modelId, body.current_password, "current_password");
  const taken = await db
    .select({ id: models.id })
    .from(models)
    .where(and(eq(models.email, body.email), ne(models.id, modelId)));
  if (taken.length) throw conflict(EMAIL_TAKEN.message, [EMAIL_TAKEN]);
  try {
    const [row] = await db
      .update(models)
      .set({ email: body.email, updatedAt: new Date() })
      .where(eq(models.id, modelId))
      .returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN.message, [EMAIL_TAKEN]);
    throw err;
  }
}

/**
 * LGPD deletion. Photos (rows and files) and products go; direct-login tokens go; the model row stays as an
 * anonymous shell (deleted_at set) so that payments and orders keep their history without personal data.
 * The session guards refuse deleted models, so the token stops working at once.
 */
export async function deleteAccount(input: { db: Db; storage: Storage; modelId: number; password: string }) {
  const { db, modelId } = input;
  await assertPassword(db, modelId, input.password, "password");
  const queuedFiles = await db.transaction(async (tx) => {
    await lockModel(tx, modelId);
    const gone = await tx.delete(photos).where(eq(photos.modelId, modelId)).returning({ filename: photos.filename });
    const queued = await queuePhotoFileDeletions(
      tx,
      gone.map((p) => p.filename),
    );
    await tx.delete(products).where(eq(products.modelId, modelId));
    await tx.delete(directLoginTokens).where(eq(directLoginTokens.modelId, modelId));
    await tx
      .update(models)
      .set({
        name: DELETED_ACCOUNT_NAME,
        // Neither placeholder can be registered: ":" is not allowed in usernames, "invalid" is not an e-mail domain.
        username: `deleted:${modelId}`,
        email: `deleted-${modelId}@invalid`,
        // Not an argon2 hash: no password ever matches it.
        passwordHash: `deleted:${randomBytes(16).toString("hex")}`,
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
        isActive: false,
        isFeatured: false,
        isVerified: false,
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(models.id, modelId));
    return queued;
  });
  await removeQueuedFiles({ db, storage: input.storage, queued: queuedFiles });
}
