import type { Db } from "../../db/client";
import type { ReportRange } from "./periods";

/** The boosts section of the report: bought, reviewed (approved or rejected) and rejected in the period. */
export type BoostFigures = { sold: number; reviewed: number; rejected: number };
export type BoostCase = { id: number; status: string; at: string };

/**
 * The one place the report reads boosts. Paid boosts (issue 31, modules/boosts, migration 0046) are not kept by
 * this database yet, so every count is zero and no case is listed; once their table exists this function counts,
 * over `range.start <= at < range.end`: sold = boosts whose payment was approved, reviewed = boosts an admin
 * approved or rejected, rejected = those rejected (with `cases` the boosts behind them for the admin).
 */
export async function readBoosts(
  _db: Db,
  _range: ReportRange,
  _options: { withCases: boolean },
): Promise<{ figures: BoostFigures; cases: BoostCase[] }> {
  return { figures: { sold: 0, reviewed: 0, rejected: 0 }, cases: [] };
}
