import { randomUUID } from "node:crypto";
import type { AdminAgeAssuranceResponse } from "@vitrine/contracts";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { ageCheckDays, ageChecks } from "../db/schema";
import { loginAdmin } from "./factories";

/** Age checks as the visitor flow leaves them: `outcome` null for a check still at the verifier. */
export type AgeCheckInput = { at: Date; verifier?: string; outcome?: string | null; count?: number };

/** Inserts `count` (1) rows of age_checks per input, created at `at`. */
export async function buildAgeChecks(db: Db, inputs: AgeCheckInput[]): Promise<void> {
  const rows = inputs.flatMap(({ at, verifier = "Verificador de teste", outcome = "over18", count = 1 }) =>
    Array.from({ length: count }, () => ({
      id: randomUUID(),
      verifier,
      method: "oidc",
      outcome,
      sessionHash: randomUUID(),
      createdAt: at,
      completedAt: outcome === null ? null : at,
    })),
  );
  for (let i = 0; i < rows.length; i += 2000) await db.insert(ageChecks).values(rows.slice(i, i + 2000));
}

/** Inserts daily counts as the retention job leaves them. */
export async function buildAgeCheckDays(db: Db, rows: (typeof ageCheckDays.$inferInsert)[]): Promise<void> {
  await db.insert(ageCheckDays).values(rows);
}

/** GET /api/admin/age-assurance as the admin. */
export async function readAgeAssurance(app: FastifyInstance): Promise<AdminAgeAssuranceResponse> {
  const res = await app.inject({
    method: "GET",
    url: "/api/admin/age-assurance",
    headers: { authorization: `Bearer ${await loginAdmin(app)}` },
  });
  if (res.statusCode !== 200) throw new Error(`GET /api/admin/age-assurance: ${res.statusCode} ${res.body}`);
  return res.json() as AdminAgeAssuranceResponse;
}
