import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { AgeAssuranceConfig, AgeVerifierConfig } from "../config";
import type { DemoAgeVerifier } from "../fake-age-verifier/demo-verifier";

/** The age-assurance configuration of a test site checking ages at `verifier` (the demo's or a test's provider). */
export function verifierMode(
  verifier: Pick<DemoAgeVerifier, "issuer" | "clientId" | "clientSecret">,
  overrides: Partial<AgeVerifierConfig> = {},
): AgeAssuranceConfig {
  return {
    mode: "verifier",
    explicit: true,
    verifier: {
      issuer: verifier.issuer,
      clientId: verifier.clientId,
      clientSecret: verifier.clientSecret,
      claim: "age_over_18",
      scope: "idade",
      name: "Verificador de teste",
      ...overrides,
    },
    passHours: 12,
  };
}

/** A cookie store: what Set-Cookie headers leave, sent back as the Cookie header (Max-Age=0 deletes). */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  absorb(setCookie: string | string[] | undefined | null): void {
    for (const line of setCookie === undefined || setCookie === null ? [] : [setCookie].flat()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** A visitor's browser on the test site: GETs with its cookies, keeping what the site sets. */
export class TestBrowser {
  readonly jar = new CookieJar();
  /** The browser's own cookies at the verifier (its provider session). */
  readonly verifierJar = new CookieJar();

  constructor(private readonly app: FastifyInstance) {}

  async get(url: string): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({ method: "GET", url, headers: { cookie: this.jar.header() } });
    this.jar.absorb(res.headers["set-cookie"]);
    return res;
  }

  /** Starts a check (/api/age/start) and returns the verifier's authorization URL it was sent to. */
  async startCheck(next = "/"): Promise<URL> {
    const res = await this.get(`/api/age/start?next=${encodeURIComponent(next)}`);
    if (res.statusCode !== 303) throw new Error(`/api/age/start: ${res.statusCode} ${res.body}`);
    return new URL(String(res.headers.location));
  }

  /**
   * At the demo verifier's page: opens the authorization URL, gives `answer` and follows the verifier until it
   * sends the browser back to the site; returns that callback's path and query (not yet opened).
   */
  async answerAtDemoVerifier(authorizationUrl: URL, answer: "maior" | "menor" | "cancelar"): Promise<string> {
    let res = await this.fetchAtVerifier(authorizationUrl.href);
    const interaction = new URL(String(res.headers.get("location")), authorizationUrl).href;
    res = await this.fetchAtVerifier(interaction);
    if (res.status !== 200) throw new Error(`verifier page: ${res.status}`);
    res = await this.fetchAtVerifier(interaction, new URLSearchParams({ answer }));
    res = await this.fetchAtVerifier(new URL(String(res.headers.get("location")), authorizationUrl).href);
    const callback = new URL(String(res.headers.get("location")));
    if (!callback.pathname.endsWith("/api/age/callback")) throw new Error(`verifier sent to ${callback.href}`);
    return callback.pathname + callback.search;
  }

  /** The whole check at the demo verifier: start, answer, callback; returns the callback's answer. */
  async checkAge(answer: "maior" | "menor" | "cancelar", next = "/"): Promise<LightMyRequestResponse> {
    return this.get(await this.answerAtDemoVerifier(await this.startCheck(next), answer));
  }

  private fetchAtVerifier(url: string, form?: URLSearchParams): Promise<Response> {
    return fetchAtVerifier(this.verifierJar, url, form);
  }
}

/**
 * One request of a browser at the verifier (a GET, or a form POSTed), without following redirects, with the
 * browser's cookies there (`jar`, which keeps what the verifier sets).
 */
export async function fetchAtVerifier(jar: CookieJar, url: string, form?: URLSearchParams): Promise<Response> {
  const res = await fetch(url, {
    method: form ? "POST" : "GET",
    body: form,
    redirect: "manual",
    headers: { cookie: jar.header() },
  });
  jar.absorb(res.headers.getSetCookie());
  await res.arrayBuffer();
  return res;
}
