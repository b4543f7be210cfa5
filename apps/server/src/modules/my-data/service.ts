import { TERMS_VERSION } from "@vitrine/contracts";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { consents } from "../../db/schema";

const TERMS = "terms";

/** Records that she accepts the current Termos de Uso (accepting the same version twice keeps the first time). */
export async function acceptCurrentTerms(db: Db, modelId: number): Promise<void> {
  await db.insert(consents).values({ modelId, document: TERMS, version: TERMS_VERSION }).onConflictDoNothing();
}

/** The latest terms version she accepted, beside the current one: her dashboard asks again when they differ. */
export async function termsConsentOf(db: Db, modelId: number) {
  const [latest] = await db
    .select()
    .from(consents)
    .where(and(eq(consents.modelId, modelId), eq(consents.document, TERMS)))
    .orderBy(desc(consents.version))
    .limit(1);
  return {
    current_version: TERMS_VERSION,
    accepted_version: latest?.version ?? null,
    accepted_at: latest?.acceptedAt.toISOString() ?? null,
  };
}
