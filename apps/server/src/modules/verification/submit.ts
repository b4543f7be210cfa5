import { AppealMessageSchema, type OwnVerificationState } from "@vitrine/contracts";
import { and, eq, isNotNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { identityVerifications } from "../../db/schema";
import { AppError, conflict, validationError } from "../../lib/app-error";
import { lockModel } from "../models/lock-model";
import {
  discardVerificationFiles,
  newVerificationFileKey,
  prepareVerificationImage,
  stageVerificationFile,
} from "./files";
import { APPEAL_KEEP_MS } from "./retention";
import { canSubmit, readStanding } from "./state";
import type { VerificationUpload } from "./upload";

/** Why she cannot send photos now, by where she stands. */
export function verificationRefusal(state: OwnVerificationState): AppError {
  switch (state) {
    case "frozen":
      return new AppError(
        403,
        "FORBIDDEN",
        "Sua conta está congelada: a verificação indicou menor de 18 anos. A equipe do site vai analisar.",
      );
    case "approved":
      return conflict("Sua identidade já está verificada.");
    case "pending":
      return conflict("Sua verificação já está em análise. Aguarde a decisão.");
    default:
      return conflict("Seu recurso já foi analisado e recusado. Fale com o suporte do site.");
  }
}

/**
 * POST /api/models/verification: her document and selfie for review. The photos are checked, re-encoded without
 * metadata and encrypted into the staging area before the transaction; under her row's lock the draft holding her
 * code becomes the pending verification; the files move into place once that committed (removed if it did not).
 * After a rejection this is her one appeal: a message is required, and the rejected verification's files are kept
 * for 30 days from its decision, so the admin deciding the appeal sees both.
 */
export async function submitVerification(input: {
  app: FastifyInstance;
  modelId: number;
  upload: VerificationUpload;
}): Promise<void> {
  const { app, modelId, upload } = input;
  const before = await readStanding(app.db, modelId);
  if (!canSubmit(before.state)) throw verificationRefusal(before.state);
  let message: string | null = null;
  if (before.state === "rejected") {
    const parsed = AppealMessageSchema.safeParse(upload.message ?? "");
    if (!parsed.success) throw validationError([{ path: "message", message: parsed.error.issues[0]!.message }]);
    message = parsed.data;
  }
  const document = await prepareVerificationImage(upload.files.document, "Documento");
  const selfie = await prepareVerificationImage(upload.files.selfie, "Selfie");
  const keys = { document: newVerificationFileKey(), selfie: newVerificationFileKey() };
  try {
    await stageVerificationFile(app, keys.document, document);
    await stageVerificationFile(app, keys.selfie, selfie);
    await app.db.transaction(async (tx) => {
      await lockModel(tx, modelId);
      const standing = await readStanding(tx, modelId);
      if (!canSubmit(standing.state)) throw verificationRefusal(standing.state);
      if ((standing.state === "rejected") !== (message !== null))
        throw conflict("Sua verificação mudou. Recarregue a página.");
      if (!standing.draft) throw conflict("Abra a página de verificação para receber o seu código.");
      await tx
        .update(identityVerifications)
        .set({
          status: "pending",
          documentType: upload.documentType,
          documentFileKey: keys.document,
          selfieFileKey: keys.selfie,
          isAppeal: message !== null,
          appealMessage: message,
          submittedAt: new Date(),
        })
        .where(eq(identityVerifications.id, standing.draft.id));
      const rejected = standing.last;
      if (message !== null && rejected?.decidedAt) {
        await tx
          .update(identityVerifications)
          .set({ filesDeleteAfter: new Date(rejected.decidedAt.getTime() + APPEAL_KEEP_MS) })
          .where(and(eq(identityVerifications.id, rejected.id), isNotNull(identityVerifications.filesDeleteAfter)));
      }
    });
  } catch (err) {
    await discardVerificationFiles(app.storage, [keys.document, keys.selfie]);
    throw err;
  }
  await app.storage.commit(keys.document);
  await app.storage.commit(keys.selfie);
}
