import { z } from "zod";
import { PasskeySignInBodySchema } from "./passkeys";
import { TwoFactorCurrentCodeBodySchema } from "./two-factor";

// A sensitive change (adding or removing a sign-in factor, new recovery codes, changing the e-mail or the password,
// downloading her data) without a proof in the last few minutes answers 403 RECENT_PROOF_REQUIRED (errors-plain.ts):
// the web asks "Confirme que é você" with the routes below and, once she proves it, repeats the request.

/**
 * POST …/recent-proof: her password, or a current second factor (a code of the authenticator app, or an unused
 * recovery code, then spent). Exactly one of them.
 */
export const RecentProofBodySchema = z.union(
  [
    z.object({ password: z.string({ error: "Informe sua senha" }).min(1, "Informe sua senha").max(200) }).strict(),
    TwoFactorCurrentCodeBodySchema.strict(),
  ],
  { error: "Informe sua senha ou um código" },
);
export type RecentProofBody = z.input<typeof RecentProofBodySchema>;

/** POST …/recent-proof/passkey: the authenticator's answer to …/recent-proof/passkey/options. */
export const RecentProofPasskeyBodySchema = PasskeySignInBodySchema.pick({ response: true });
export type RecentProofPasskeyBody = z.input<typeof RecentProofPasskeyBodySchema>;

/** A proof accepted: the session may make sensitive changes until `until` (ISO). */
export const RecentProofResponseSchema = z.object({ success: z.literal(true), until: z.string() });
export type RecentProofResponse = z.infer<typeof RecentProofResponseSchema>;

/**
 * GET …/recent-proof/access-review: `due` after a password reset, until she has looked at her passkeys and sessions
 * and said she recognises them (POST …/recent-proof/access-review/done).
 */
export const AccessReviewSchema = z.object({ due: z.boolean() });
export type AccessReview = z.infer<typeof AccessReviewSchema>;
