import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Tx } from "../models/lock-model";

export type CaseKind = "report" | "duplicate_photo";

/** The queue's order: urgent cases first (minors, trafficking), then high (identified notices, system flags). */
export const PRIORITY = { normal: 0, high: 1, urgent: 2 } as const;

export type OpenCaseInput = {
  /** Null only for a notice whose URL names no profile of the site. */
  modelId: number | null;
  /** The reported photo; null or absent for the profile as a whole. */
  photoId?: number | null;
  kind: CaseKind;
  priority?: number;
  /** What the system says of a flag it raised (kept when the open case already has one). */
  detail?: string;
};

/**
 * Opens the moderation case of an item (a model's profile, or one of her photos) and kind, or joins the one open
 * already: one open case per model, photo and kind (a unique index), whose priority only rises and whose last
 * report time moves. Call it inside the transaction that records what raised it. `created` tells a new case.
 */
export async function openModerationCase(db: Tx | Db, input: OpenCaseInput): Promise<{ id: number; created: boolean }> {
  const photoId = input.photoId ?? null;
  const priority = input.priority ?? PRIORITY.normal;
  const detail = input.detail ?? "";
  const rows = await db.execute<{ id: number; created: boolean }>(sql`
    insert into moderation_cases (model_id, photo_id, kind, priority, detail)
    values (${input.modelId}, ${photoId}, ${input.kind}, ${priority}, ${detail})
    on conflict (model_id, coalesce(photo_id, 0), kind) where status = 'open'
    do update set
      priority = greatest(moderation_cases.priority, excluded.priority),
      detail = case when moderation_cases.detail = '' then excluded.detail else moderation_cases.detail end,
      last_report_at = now()
    returning id, (xmax = 0) as created`);
  const [row] = rowsOf<{ id: number; created: boolean }>(rows);
  return { id: Number(row.id), created: Boolean(row.created) };
}

/** The rows of `db.execute`, which postgres-js answers as an array and PGlite as `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
