/**
 * An age verifier: a service outside the site that tells whether the visitor is an adult. A check starts here (the
 * visitor is sent to the verifier) and completes at the verifier's callback; what comes back is only the answer.
 * The first adapter speaks OpenID Connect (./oidc-verifier.ts); any other (a vendor's own API, a wallet credential)
 * implements the same two steps.
 */
export interface AgeVerifier {
  /** The verifier's name, kept with each check and shown on the gate. */
  readonly name: string;
  /** How it checks ("oidc"), kept with each check. */
  readonly method: string;
  /**
   * Begins a check that comes back to `callbackUrl`: where to send the visitor, and what the browser must keep
   * (sealed in its flow cookie) for the callback to be completed.
   */
  start(returnInfo: { callbackUrl: string }): Promise<AgeCheckStart>;
  /** Completes a check from the verifier's callback (the full callback URL) and the flow kept at the start. */
  complete(callback: { callbackUrl: URL }, flow: VerifierFlow): Promise<AgeCheckCompletion>;
}

/** The verifier's own data of one check (state, nonce, PKCE verifier…): strings only, sealed in the browser. */
export type VerifierFlow = Record<string, string>;

export type AgeCheckStart = { redirectUrl: string; flow: VerifierFlow };

/** The answer of a completed check: nothing about the visitor but whether she is over 18. */
export type AgeVerification = {
  over18: boolean;
  method: string;
  verifier: string;
  /** The verifier's assurance level when it gives one (OpenID Connect: the ID token's `acr`). */
  assurance: string | null;
  verifiedAt: Date;
  /** Only from a verifier created for identity verification (never for age assurance): who was verified. */
  identity?: VerifiedIdentity;
};

/** An identity verifier's answer beyond yes/no: her birth date and the verifier's stable id of her. */
export type VerifiedIdentity = { birthDate: string; issuer: string; subject: string };

/**
 * Why a check gave no answer:
 * - `cancelled`: the visitor gave up at the verifier;
 * - `error`: the verifier is unreachable, refused, or answered something that fails a check (signature, issuer,
 *   audience, nonce, expiry, PKCE, the age claim missing);
 * - `mismatch`: the callback is not this browser's check (its state is another's): the pending check is left alone.
 */
export type AgeCheckFailure = "cancelled" | "error" | "mismatch";

export type AgeCheckCompletion =
  | { ok: true; verification: AgeVerification }
  /** `reason`: for the log only (a library's error code), never anything about the visitor. */
  | { ok: false; failure: AgeCheckFailure; reason: string };
