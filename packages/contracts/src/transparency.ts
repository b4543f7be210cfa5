import { z } from "zod";
import { TRANSPARENCY_PERIOD_INVALID } from "./transparency-plain";

export * from "./transparency-plain";

/**
 * GET /api/transparency and /api/admin/transparency: `?periodo=2026-T4` or `?periodo=2026` (default: this quarter).
 * The server reads the period (a 400 with TRANSPARENCY_PERIOD_INVALID or TRANSPARENCY_PERIOD_OUT_OF_RANGE).
 */
export const TransparencyQuerySchema = z.object({
  periodo: z.string().max(20, TRANSPARENCY_PERIOD_INVALID).optional(),
});

const Count = z.number().int().nonnegative();
/** One line of a breakdown: the stored value, its label and its count. */
const Line = z.object({ value: z.string(), label: z.string(), count: Count });
export type TransparencyLine = z.infer<typeof Line>;

/** The report's figures: aggregates only, never a case, a person or a text. */
export const TransparencyReportSchema = z.object({
  period: z.object({
    /** "2026-T4" or "2026". */
    key: z.string(),
    label: z.string(),
    /** First São Paulo day covered and last one (inclusive), YYYY-MM-DD. */
    from: z.string(),
    to: z.string(),
    /** Whether the period is over (otherwise the figures run until now). */
    complete: z.boolean(),
  }),
  generated_at: z.string(),
  reports: z.object({
    total: Count,
    /** Every category the report form offers, in its order (zeros included), then any other stored one. */
    by_category: z.array(Line),
    /** visitor: anonymous reports; notice: identified notices (art. 29 ECA Digital); trusted: trusted notifiers. */
    by_source: z.object({ visitor: Count, notice: Count, trusted: Count }),
  }),
  trusted_notices: z.object({ total: Count, by_kind: z.array(Line) }),
  decisions: z.object({
    total: Count,
    /** Content removed or restricted (every action but archiving). */
    removed: Count,
    no_violation: Count,
    by_action: z.array(Line),
    /** Removals of exploitation kept under legal hold for the authorities. */
    legal_hold: Count,
    /** Content hidden before review and restored by an archive, plus decisions reversed on appeal. */
    restored: Count,
    appeals: z.object({ received: Count, upheld: Count, reversed: Count }),
  }),
  /** Hours from a case's opening to its first decision, over the cases first decided in the period. */
  review_time: z.object({
    decided: Count,
    median_hours: z.number().nullable(),
    p90_hours: z.number().nullable(),
  }),
  verifications: z.object({ decided: Count, approved: Count, rejected: Count }),
  boosts: z.object({ sold: Count, reviewed: Count, rejected: Count }),
});
export type TransparencyReport = z.infer<typeof TransparencyReportSchema>;

/** GET /api/transparency (public, cached). */
export const TransparencyResponseSchema = z.object({ report: TransparencyReportSchema });
export type TransparencyResponse = z.infer<typeof TransparencyResponseSchema>;

/** GET /api/admin/transparency: the same figures with the cases behind them (each list at most the limit). */
export const TRANSPARENCY_CASES_LIMIT = 500;

export const AdminTransparencyResponseSchema = z.object({
  report: TransparencyReportSchema,
  cases: z.object({
    reports: z.array(
      z.object({
        id: z.number(),
        case_id: z.number(),
        category: z.string(),
        source: z.string(),
        created_at: z.string(),
      }),
    ),
    decisions: z.array(
      z.object({
        case_id: z.number(),
        decision: z.string(),
        legal_hold: z.boolean(),
        restored: z.boolean(),
        opened_at: z.string(),
        decided_at: z.string(),
        review_hours: z.number(),
      }),
    ),
    appeals: z.array(
      z.object({
        case_id: z.number(),
        decision: z.string(),
        appealed_at: z.string(),
        outcome: z.string().nullable(),
        decided_at: z.string().nullable(),
      }),
    ),
    verifications: z.array(
      z.object({ id: z.number(), status: z.string(), method: z.string(), decided_at: z.string() }),
    ),
    boosts: z.array(z.object({ id: z.number(), status: z.string(), at: z.string() })),
    /** Whether some list was cut at TRANSPARENCY_CASES_LIMIT (the figures above count every case). */
    truncated: z.boolean(),
  }),
});
export type AdminTransparencyResponse = z.infer<typeof AdminTransparencyResponseSchema>;
