import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { PHOTO_WIDTHS } from "@vitrine/contracts";
import { and, asc, eq, inArray, lt } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { estados, moderationEvidence, models, municipios, type PhotoRow } from "../../db/schema";
import { hkdfKey } from "../../lib/keys";
import { photoKey } from "../../lib/photo-processing";
import type { Storage } from "../../plugins/storage";
import type { Tx } from "../models/lock-model";

/** Content removed as exploitation is kept at least this long (then the evidence job deletes it). */
export const LEGAL_HOLD_DAYS = 183;
/** Encrypted evidence files start with this tag, then the 12-byte IV and the 16-byte GCM tag. */
const MAGIC = Buffer.from("VTE1");

/**
 * The key of the evidence files: MODERATION_EVIDENCE_KEY, or (outside production, where it is required) one derived
 * from the server secret, so that a development or test server needs no extra setting.
 */
export function evidenceKey(config: FastifyInstance["config"]): Buffer {
  if (config.moderationEvidenceKey) return config.moderationEvidenceKey;
  return Buffer.from(hkdfKey(config.jwtSecret, "vitrine:moderation-evidence:v1"));
}

/** AES-256-GCM with a random IV: MAGIC · IV · tag · ciphertext. */
export function encryptEvidence(key: Buffer, plain: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
}

export function decryptEvidence(key: Buffer, sealed: Buffer): Buffer {
  if (!sealed.subarray(0, 4).equals(MAGIC)) throw new Error("evidence file: unknown format");
  const decipher = createDecipheriv("aes-256-gcm", key, sealed.subarray(4, 16));
  decipher.setAuthTag(sealed.subarray(16, 32));
  return Buffer.concat([decipher.update(sealed.subarray(32)), decipher.final()]);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The largest stored variant of a photo, or null when none is left. */
export async function readLargestVariant(storage: Storage, filename: string): Promise<Buffer | null> {
  for (const width of [...PHOTO_WIDTHS].sort((a, b) => b - a)) {
    const object = await storage.get(photoKey(filename, width));
    if (object) return readAll(object.stream);
  }
  return null;
}

/** What is kept of the account that uploaded the content: who she said she was and how to reach her. */
async function uploaderData(tx: Tx, modelId: number) {
  const [row] = await tx
    .select({
      id: models.id,
      username: models.username,
      name: models.name,
      email: models.email,
      phone: models.phone,
      whatsapp: models.whatsapp,
      instagram: models.instagram,
      age: models.age,
      city: municipios.nome,
      uf: estados.uf,
      created_at: models.createdAt,
    })
    .from(models)
    .leftJoin(municipios, eq(municipios.id, models.municipioId))
    .leftJoin(estados, eq(estados.id, models.estadoId))
    .where(eq(models.id, modelId));
  return row ?? null;
}

/**
 * Puts photos under legal hold, inside the transaction of the decision: each one's largest file is encrypted into
 * the evidence storage (staged: moved into place by `commitEvidence` after the commit), with the photo's metadata
 * and the uploader's data, held for LEGAL_HOLD_DAYS. The caller then deletes the photos, which takes their files
 * out of every public path.
 */
export async function holdAsEvidence(
  tx: Tx,
  input: { app: FastifyInstance; caseId: number; modelId: number; photos: PhotoRow[]; adminId: number },
): Promise<string[]> {
  const key = evidenceKey(input.app.config);
  const uploader = await uploaderData(tx, input.modelId);
  const heldUntil = new Date(Date.now() + LEGAL_HOLD_DAYS * 86_400_000);
  const staged: string[] = [];
  for (const photo of input.photos) {
    const plain = await readLargestVariant(input.app.storage, photo.filename);
    let fileKey = "";
    let sha256 = "";
    if (plain) {
      fileKey = `case-${input.caseId}/photo-${photo.id}-${randomBytes(8).toString("hex")}.bin`;
      sha256 = createHash("sha256").update(plain).digest("hex");
      await input.app.evidenceStorage.stage(fileKey, encryptEvidence(key, plain), "application/octet-stream");
      staged.push(fileKey);
    }
    await tx.insert(moderationEvidence).values({
      caseId: input.caseId,
      modelId: input.modelId,
      photoId: photo.id,
      fileKey,
      sha256,
      heldUntil,
      createdBy: input.adminId,
      metadata: {
        photo: {
          id: photo.id,
          filename: photo.filename,
          original_name: photo.originalName,
          width: photo.width,
          height: photo.height,
          is_public: photo.isPublic,
          is_primary: photo.isPrimary,
          uploaded_at: photo.createdAt.toISOString(),
          content_type: plain ? "image/webp" : null,
        },
        uploader,
      },
    });
  }
  return staged;
}

/** Moves staged evidence into place once its rows are committed (a crash in between is finished by the job). */
export async function commitEvidence(storage: Storage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.commit(key)));
}

/** The evidence package of a case, files decrypted, for the authorities. */
export async function readEvidencePackage(app: FastifyInstance, caseId: number) {
  const key = evidenceKey(app.config);
  const rows = await app.db
    .select()
    .from(moderationEvidence)
    .where(eq(moderationEvidence.caseId, caseId))
    .orderBy(asc(moderationEvidence.id));
  return Promise.all(
    rows.map(async (row) => {
      const object = row.fileKey ? await app.evidenceStorage.get(row.fileKey) : null;
      const plain = object ? decryptEvidence(key, await readAll(object.stream)) : null;
      return {
        id: row.id,
        photo_id: row.photoId,
        model_id: row.modelId,
        sha256: row.sha256,
        held_until: row.heldUntil.toISOString(),
        created_at: row.createdAt.toISOString(),
        metadata: row.metadata,
        file: plain ? { content_type: "image/webp", encoding: "base64", data: plain.toString("base64") } : null,
      };
    }),
  );
}

/**
 * The evidence job's work: evidence past its hold is deleted (file, then row); staged files older than an hour are
 * moved into place when their row committed, or removed when it did not.
 */
export async function expireEvidence({ db, storage, now }: { db: Db; storage: Storage; now: Date }) {
  const expired = await db
    .select({ id: moderationEvidence.id, fileKey: moderationEvidence.fileKey })
    .from(moderationEvidence)
    .where(lt(moderationEvidence.heldUntil, now));
  for (const row of expired) {
    if (row.fileKey) await storage.delete(row.fileKey);
    await db.delete(moderationEvidence).where(eq(moderationEvidence.id, row.id));
  }
  const staged = (await storage.listStaged()).filter((s) => now.getTime() - s.stagedAt.getTime() > 3_600_000);
  if (staged.length > 0) {
    const known = await db
      .select({ fileKey: moderationEvidence.fileKey })
      .from(moderationEvidence)
      .where(
        and(
          inArray(
            moderationEvidence.fileKey,
            staged.map((s) => s.key),
          ),
        ),
      );
    const committed = new Set(known.map((k) => k.fileKey));
    for (const file of staged) {
      if (committed.has(file.key)) await storage.commit(file.key);
      else await storage.delete(file.key);
    }
  }
  return { deleted: expired.length, staged: staged.length };
}
