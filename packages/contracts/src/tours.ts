import { z } from "zod";
import { DateOnlySchema } from "./admin";
import { MunicipioIdSchema } from "./fields";
import { addDaysToDate } from "./due-dates";
import { TOUR_DAYS_MAX, TOUR_END_BEFORE_MESSAGE, TOUR_TOO_LONG_MESSAGE } from "./tours-plain";

export * from "./tours-plain";

/** Her tour on the public card and profile (PublicTour): the one under way today, or null. */
export const PublicTourSchema = z.object({
  city_id: z.number(),
  city_name: z.string(),
  state: z.string(),
  city_slug: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
});

/**
 * POST /api/models/tours: another city (IBGE município) for a range of São Paulo days, both included. The server
 * also checks the days against today (from today, within TOUR_START_WITHIN_DAYS).
 */
export const TourBodySchema = z
  .object({
    municipio_id: MunicipioIdSchema,
    starts_on: DateOnlySchema,
    ends_on: DateOnlySchema,
  })
  .superRefine((body, ctx) => {
    // Compared only once both are valid days (a bad one already has its own message).
    if (!DateOnlySchema.safeParse(body.starts_on).success || !DateOnlySchema.safeParse(body.ends_on).success) return;
    if (body.ends_on < body.starts_on) {
      ctx.addIssue({ code: "custom", path: ["ends_on"], message: TOUR_END_BEFORE_MESSAGE });
    } else if (body.ends_on > addDaysToDate(body.starts_on, TOUR_DAYS_MAX)) {
      ctx.addIssue({ code: "custom", path: ["ends_on"], message: TOUR_TOO_LONG_MESSAGE });
    }
  });
export type TourBody = z.input<typeof TourBodySchema>;

/** One of her tours on her dashboard: under way today (active) or still to come. */
export const OwnTourSchema = PublicTourSchema.extend({
  id: z.number(),
  status: z.enum(["active", "upcoming"]),
});
export type OwnTour = z.infer<typeof OwnTourSchema>;

/** GET /api/models/tours: her tours that have not ended, soonest first. */
export const OwnToursResponseSchema = z.object({ tours: z.array(OwnTourSchema) });
export type OwnToursResponse = z.infer<typeof OwnToursResponseSchema>;
export const OwnTourResponseSchema = z.object({ tour: OwnTourSchema });
export type OwnTourResponse = z.infer<typeof OwnTourResponseSchema>;
