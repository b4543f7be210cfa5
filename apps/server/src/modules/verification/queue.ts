import type { AdminVerification, DocumentType } from "@vitrine/contracts";
import { and, asc, count, desc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { admins, estados, identityVerifications, models, municipios } from "../../db/schema";
import { notFound } from "../../lib/app-error";
import { VERIFICATION_NOT_FOUND } from "./review";

const verificationColumns = {
  id: identityVerifications.id,
  status: identityVerifications.status,
  method: identityVerifications.method,
  documentType: identityVerifications.documentType,
  code: identityVerifications.code,
  isAppeal: identityVerifications.isAppeal,
  appealMessage: identityVerifications.appealMessage,
  birthDate: identityVerifications.birthDate,
  reason: identityVerifications.reason,
  hasFiles: sql<boolean>`(${identityVerifications.documentFileKey} is not null)`,
  submittedAt: identityVerifications.submittedAt,
  decidedAt: identityVerifications.decidedAt,
  decidedBy: admins.username,
  verifier: identityVerifications.verifier,
};

const modelColumns = {
  id: models.id,
  name: models.name,
  email: models.email,
  age: models.age,
  city: sql<string | null>`${municipios.nome} || ' - ' || ${estados.uf}`,
  isVerified: models.isVerified,
  frozenAt: models.verificationFrozenAt,
};

type SelectedRow = Awaited<ReturnType<typeof selectVerifications>>[number];
type VerificationRow = SelectedRow["verification"];
type ModelRow = SelectedRow["model"];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The age she typed, shown to the reviewer only while the verification is pending and she is not verified. */
function declaredAge(row: VerificationRow, model: Pick<ModelRow, "age" | "isVerified">): number | null {
  return row.status === "pending" && !model.isVerified ? model.age : null;
}

function presentVerification(row: VerificationRow, model: ModelRow): Omit<AdminVerification, "model"> {
  return {
    id: row.id,
    status: row.status,
    method: row.method,
    document_type: row.documentType as DocumentType | null,
    code: row.code,
    is_appeal: row.isAppeal,
    appeal_message: row.appealMessage,
    birth_date: row.birthDate,
    reason: row.reason,
    has_files: Boolean(row.hasFiles),
    submitted_at: iso(row.submittedAt),
    decided_at: iso(row.decidedAt),
    decided_by: row.decidedBy,
    verifier: row.verifier,
    declared_age: declaredAge(row, model),
  };
}

function presentModel(row: ModelRow): AdminVerification["model"] {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    age: row.age,
    city: row.city,
    is_verified: row.isVerified,
    frozen_at: iso(row.frozenAt),
  };
}

/** Verifications with their model (place included when she has one) and the deciding admin's name. */
function selectVerifications(db: Db) {
  return db
    .select({ verification: verificationColumns, model: modelColumns })
    .from(identityVerifications)
    .innerJoin(models, eq(models.id, identityVerifications.modelId))
    .leftJoin(municipios, eq(municipios.id, models.municipioId))
    .leftJoin(estados, eq(estados.id, municipios.estadoId))
    .leftJoin(admins, eq(admins.id, identityVerifications.decidedBy));
}

const pendingOfLiveModels = and(eq(identityVerifications.status, "pending"), isNull(models.deletedAt));

/** The admin's queue: verifications awaiting review, oldest first; and the accounts frozen (under 18). */
export async function listVerificationQueue(input: { db: Db; page: number; limit: number }) {
  const [rows, [{ total }], frozen] = await Promise.all([
    selectVerifications(input.db)
      .where(pendingOfLiveModels)
      .orderBy(asc(identityVerifications.submittedAt), asc(identityVerifications.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    input.db
      .select({ total: count() })
      .from(identityVerifications)
      .innerJoin(models, eq(models.id, identityVerifications.modelId))
      .where(pendingOfLiveModels),
    input.db
      .select(modelColumns)
      .from(models)
      .leftJoin(municipios, eq(municipios.id, models.municipioId))
      .leftJoin(estados, eq(estados.id, municipios.estadoId))
      .where(and(isNotNull(models.verificationFrozenAt), isNull(models.deletedAt)))
      .orderBy(desc(models.verificationFrozenAt))
      .limit(100),
  ]);
  return {
    verifications: rows.map((r) => ({
      ...presentVerification(r.verification, r.model),
      model: presentModel(r.model),
    })),
    pagination: { page: input.page, pages: Math.max(1, Math.ceil(total / input.limit)), total },
    frozen: frozen.map(presentModel),
  };
}

/** One verification with the model's other ones (drafts left out), newest first. */
export async function getVerificationDetail({ db, id }: { db: Db; id: number }) {
  const [row] = await selectVerifications(db).where(
    and(eq(identityVerifications.id, id), ne(identityVerifications.status, "draft"), isNull(models.deletedAt)),
  );
  if (!row) throw notFound(VERIFICATION_NOT_FOUND);
  const history = await selectVerifications(db)
    .where(
      and(
        eq(identityVerifications.modelId, row.model.id),
        ne(identityVerifications.id, id),
        ne(identityVerifications.status, "draft"),
      ),
    )
    .orderBy(desc(identityVerifications.id))
    .limit(20);
  return {
    verification: { ...presentVerification(row.verification, row.model), model: presentModel(row.model) },
    history: history.map((h) => presentVerification(h.verification, h.model)),
  };
}

/** The stored key of one of a verification's files (null once deleted); 404 for a draft or a deleted account. */
export async function findVerificationFile({ db, id, file }: { db: Db; id: number; file: "document" | "selfie" }) {
  const [row] = await db
    .select({
      modelId: identityVerifications.modelId,
      fileKey: file === "document" ? identityVerifications.documentFileKey : identityVerifications.selfieFileKey,
    })
    .from(identityVerifications)
    .innerJoin(models, eq(models.id, identityVerifications.modelId))
    .where(and(eq(identityVerifications.id, id), ne(identityVerifications.status, "draft"), isNull(models.deletedAt)));
  if (!row) throw notFound(VERIFICATION_NOT_FOUND);
  return row;
}
