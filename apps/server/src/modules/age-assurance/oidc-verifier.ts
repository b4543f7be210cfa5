import * as oidc from "openid-client";
import type { AgeVerifierConfig } from "../../config";
import { todayInSaoPaulo } from "../../lib/dates";
import type { AgeCheckCompletion, AgeCheckStart, AgeVerifier, VerifiedIdentity, VerifierFlow } from "./verifier";

/**
 * An age verifier that speaks OpenID Connect (openid-client): authorization code with PKCE (S256), `state` and
 * `nonce`, the ID token checked for its issuer, audience (our client id), expiry, nonce and signature by a key of
 * the verifier's published JWK set (enableNonRepudiationChecks: checked even though the token comes straight from
 * the token endpoint). The age comes from one claim of the ID token, `config.claim`:
 * - a boolean (`age_over_18`): true is over 18, false under 18;
 * - `birthdate` (YYYY-MM-DD, or YYYY): over 18 when the 18th birthday is on or before today in São Paulo.
 * The claim is read and dropped: only the yes/no leaves this function. A missing or malformed claim is an error.
 *
 * The discovery document is fetched once and kept for `discoveryTtlMs`; a failed discovery is not kept, so the
 * next visitor tries again. Every request to the verifier gives up after `timeoutSeconds`.
 */
export type OidcVerifierOptions = {
  /** Plain-http issuers (a local test or demo verifier): never in production. */
  allowHttp: boolean;
  timeoutSeconds?: number;
  discoveryTtlMs?: number;
  /**
   * Identity verification of advertisers (modules/verification), never age assurance: `config.claim` is a full
   * birth date (YYYY-MM-DD) and the answer hands it back with the issuer and subject (`identity`), so that her
   * age is computed from it and a banned identity is recognised. Age assurance leaves this off and keeps yes/no.
   */
  identity?: boolean;
};

export const OIDC_METHOD = "oidc";

/** Claims that carry a birth date rather than a yes/no. */
const BIRTHDATE_CLAIM = "birthdate";

export function createOidcVerifier(config: AgeVerifierConfig, options: OidcVerifierOptions): AgeVerifier {
  const discoveryTtlMs = options.discoveryTtlMs ?? 60 * 60_000;
  let discovered: { configuration: Promise<oidc.Configuration>; at: number } | null = null;

  const configuration = (): Promise<oidc.Configuration> => {
    if (discovered && Date.now() - discovered.at < discoveryTtlMs) return discovered.configuration;
    const entry = {
      at: Date.now(),
      configuration: oidc.discovery(
        new URL(config.issuer),
        config.clientId,
        config.clientSecret ? { client_secret: config.clientSecret } : undefined,
        clientAuthentication(config.clientSecret),
        {
          execute: [oidc.enableNonRepudiationChecks, ...(options.allowHttp ? [oidc.allowInsecureRequests] : [])],
          timeout: options.timeoutSeconds ?? 10,
        },
      ),
    };
    discovered = entry;
    entry.configuration.catch(() => {
      if (discovered === entry) discovered = null;
    });
    return entry.configuration;
  };

  const scope = [...new Set(["openid", ...config.scope.split(/\s+/).filter(Boolean)])].join(" ");

  return {
    name: config.name,
    method: OIDC_METHOD,

    async start({ callbackUrl }): Promise<AgeCheckStart> {
      const server = await configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const parameters: Record<string, string> = {
        redirect_uri: callbackUrl,
        scope,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
      };
      // Where the verifier takes the claims parameter, ask for the age claim in the ID token by name.
      if (server.serverMetadata().claims_parameter_supported) {
        parameters.claims = JSON.stringify({ id_token: { [config.claim]: { essential: true } } });
      }
      const redirectUrl = oidc.buildAuthorizationUrl(server, parameters).href;
      return { redirectUrl, flow: { state, nonce, codeVerifier } };
    },

    async complete({ callbackUrl }, flow: VerifierFlow): Promise<AgeCheckCompletion> {
      const params = callbackUrl.searchParams;
      if (!flow.state || params.get("state") !== flow.state) {
        return { ok: false, failure: "mismatch", reason: "state" };
      }
      const error = params.get("error");
      if (error) {
        return { ok: false, failure: error === "access_denied" ? "cancelled" : "error", reason: error.slice(0, 64) };
      }
      let claims: oidc.IDToken | undefined;
      let granted: string | undefined;
      try {
        const server = await configuration();
        const tokens = await oidc.authorizationCodeGrant(server, callbackUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
        granted = tokens.scope;
      } catch (err) {
        return { ok: false, failure: "error", reason: errorCode(err) };
      }
      // This flow's answer only: the token is for this flow's client, and the verifier granted the scope this flow
      // asked for (an authorization request edited to another flow's scope, the age question instead of the
      // document, is refused even when both flows share a client).
      const bound = claims ? boundToFlow(claims, granted, config.clientId, scope) : "id_token";
      if (bound) return { ok: false, failure: "error", reason: bound };
      const identity = options.identity && claims ? readIdentity(claims, config.claim) : null;
      const over18 = !claims
        ? null
        : options.identity
          ? identity && isAdultBirthdate(identity.birthDate, todayInSaoPaulo())
          : readAgeClaim(claims, config.claim);
      if (over18 === null) return { ok: false, failure: "error", reason: `claim ${config.claim}` };
      return {
        ok: true,
        verification: {
          ...(identity ? { identity } : {}),
          over18,
          method: OIDC_METHOD,
          verifier: config.name,
          assurance: typeof claims?.acr === "string" ? claims.acr.slice(0, 200) : null,
          verifiedAt: new Date(),
        },
      };
    },
  };
}

/**
 * Why an ID token is not this flow's answer, or null when it is: its audience must name this flow's client and,
 * when it names several or says who it was issued to (`azp`), it must have been issued to this client; the scopes
 * the verifier says it granted (absent: the ones asked for, RFC 6749 §5.1) must include every scope this flow asked
 * for.
 */
export function boundToFlow(
  claims: { aud?: string | string[]; azp?: unknown },
  grantedScope: string | undefined,
  clientId: string,
  requestedScope: string,
): string | null {
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audience.includes(clientId)) return "aud";
  if ((audience.length > 1 || claims.azp !== undefined) && claims.azp !== clientId) return "azp";
  if (grantedScope !== undefined) {
    const granted = new Set(grantedScope.split(/\s+/));
    if (requestedScope.split(/\s+/).some((s) => s && !granted.has(s))) return "scope";
  }
  return null;
}

/**
 * client_secret_basic (OpenID Connect's default) unless the verifier's metadata lists only client_secret_post;
 * no client authentication without a secret (a public client, PKCE only).
 */
function clientAuthentication(secret: string): oidc.ClientAuth {
  if (!secret) return oidc.None();
  const basic = oidc.ClientSecretBasic(secret);
  const post = oidc.ClientSecretPost(secret);
  return (server, client, body, headers) => {
    const methods = server.token_endpoint_auth_methods_supported;
    const usePost = methods && !methods.includes("client_secret_basic") && methods.includes("client_secret_post");
    (usePost ? post : basic)(server, client, body, headers);
  };
}

/** The full birth date (YYYY-MM-DD) in `claim`, with the token's issuer and subject; null when one is missing. */
function readIdentity(claims: oidc.IDToken, claim: string): VerifiedIdentity | null {
  const birthDate = claims[claim];
  if (typeof birthDate !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(birthDate)) return null;
  if (typeof claims.sub !== "string" || !claims.sub || typeof claims.iss !== "string") return null;
  return { birthDate, issuer: claims.iss, subject: claims.sub };
}

/** The answer in the ID token's age claim: true/false, or null when it is missing or not an age. */
export function readAgeClaim(
  claims: Record<string, unknown>,
  claim: string,
  today = todayInSaoPaulo(),
): boolean | null {
  const value = claims[claim];
  if (claim !== BIRTHDATE_CLAIM) return typeof value === "boolean" ? value : null;
  return typeof value === "string" ? isAdultBirthdate(value, today) : null;
}

/**
 * Whether someone born on `birthdate` (YYYY-MM-DD, or a year alone, as OpenID Connect allows) is 18 on `today`
 * (YYYY-MM-DD). A year alone counts as born on its last day. Null when it is not a date (or has no year: 0000).
 */
export function isAdultBirthdate(birthdate: string, today: string): boolean | null {
  const match = /^(\d{4})(?:-(\d{2})-(\d{2}))?$/.exec(birthdate);
  if (!match) return null;
  const year = Number(match[1]);
  const [month, day] = match[2] ? [match[2], match[3]!] : ["12", "31"];
  if (year === 0 || Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(day) > 31) return null;
  return `${String(year + 18).padStart(4, "0")}-${month}-${day}` <= today;
}

function errorCode(err: unknown): string {
  const e = err as { code?: unknown; error?: unknown; name?: unknown } | null;
  const code = e?.error ?? e?.code ?? e?.name ?? "unknown";
  return String(code).slice(0, 64);
}
