import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider, { type Adapter, type AdapterPayload, type Configuration, interactionPolicy } from "oidc-provider";
import { DEMO_AGE_VERIFIER, DEMO_IDENTITY_VERIFIER } from "./identity";
import {
  DEMO_ANSWERS,
  type DemoAnswer,
  renderErrorPage,
  renderIdentityPage,
  renderQuestionPage,
} from "./interaction-page";

/**
 * The demonstration age verifier: a real OpenID Connect provider (oidc-provider) for `npm run demo`, the tests and
 * development — never for production (it refuses to start when NODE_ENV=production, and the server refuses its
 * client id there). Its page "Verificador de idade (demonstração)" asks every time and answers with the ID-token
 * claims a real verifier would give: `age_over_18` (true or false) and `birthdate` (30 years ago for "Maior de 18",
 * 16 years ago for "Menor de 18"); "Cancelar" sends the visitor back with error=access_denied.
 *
 * Asked for the `identidade` scope (the identity verification of advertisers), its page "Verificador de identidade
 * (demonstração)" takes a birth date and a document number instead, and the ID token carries that `birthdate` and
 * a subject derived from the document number (the same document gives the same subject, as a real verifier's
 * stable id of a person).
 *
 * One client, `vitrine-demo`, authenticating with client_secret_basic (a secret drawn at each start), authorization
 * code with PKCE; its redirect URIs are `/api/age/callback` and `/api/identity/callback` on any http loopback
 * address and port (a test's or the demo's site), plus `redirectUris`. State lives in memory and ends with the process.
 */
export type DemoAgeVerifier = {
  /** The issuer URL (give it to the server as AGE_VERIFIER_ISSUER). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
};

export type DemoAgeVerifierOptions = {
  /** Default 0: any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Redirect URIs accepted besides http://127.0.0.1|localhost[:port]/api/age/callback. */
  redirectUris?: string[];
};

/** The site's callback on a loopback address, any port: what the demo and the tests use. */
const LOOPBACK_CALLBACK = /^http:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?\/api\/(age|identity)\/callback$/;

/** The claims of the age scope, the only ones besides `sub`. */
const AGE_CLAIMS = ["age_over_18", "birthdate"];
/** The claims of the identity scope. */
const IDENTITY_CLAIMS = ["birthdate"];

/** What the visitor answered on the page: the age question, or (identity) her birth date. */
type Answer = { kind: "age"; answer: Exclude<DemoAnswer, "cancelar"> } | { kind: "identity"; birthdate: string };

/** The assurance level the demonstration reports (the ID token's `acr`). */
const DEMO_ACR = "demonstracao";

export async function startDemoAgeVerifier(options: DemoAgeVerifierOptions = {}): Promise<DemoAgeVerifier> {
  if (process.env.NODE_ENV === "production") {
    throw new Error("O verificador de idade de demonstração não roda com NODE_ENV=production");
  }
  const host = options.host ?? "127.0.0.1";
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host}:${port}`;
  const clientSecret = randomBytes(24).toString("base64url");
  const extraRedirects = new Set(options.redirectUris ?? []);
  /** Each visitor's (account's) last answer, read when the ID token is issued. */
  const answers = new Map<string, Answer>();

  const provider = new Provider(issuer, await providerConfiguration(clientSecret, answers));
  // The one client accepts the site's callback on any loopback port (tests start sites on random ports).
  provider.Client.prototype.redirectUriAllowed = (uri: string) =>
    LOOPBACK_CALLBACK.test(uri) || extraRedirects.has(uri);

  const providerCallback = provider.callback();
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(new URL(req.url ?? "/", issuer).pathname);
    if (!match) {
      void providerCallback(req, res);
      return;
    }
    handleInteraction(provider, answers, match[1]!, req, res).catch(() => {
      if (res.headersSent) {
        res.end();
        return;
      }
      sendHtml(res, 400, renderErrorPage("O pedido de verificação expirou ou não é válido."));
    });
  });

  return {
    issuer,
    clientId: DEMO_AGE_VERIFIER.clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function providerConfiguration(clientSecret: string, answers: Map<string, Answer>): Promise<Configuration> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: randomBytes(8).toString("hex"),
    alg: "RS256",
    use: "sig",
  };

  // The question is asked at every authorization request, even within one provider session ("a cada acesso").
  const policy = interactionPolicy.base();
  policy
    .get("login")!
    .checks.add(
      new interactionPolicy.Check("every_time", "A idade é verificada a cada acesso", (ctx) => !ctx.oidc.result?.login),
    );

  return {
    clients: [
      {
        client_id: DEMO_AGE_VERIFIER.clientId,
        client_secret: clientSecret,
        client_name: "Vitrine",
        redirect_uris: ["http://127.0.0.1:5000/api/age/callback"],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    adapter: memoryAdapter(),
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    scopes: ["openid", DEMO_AGE_VERIFIER.scope, DEMO_IDENTITY_VERIFIER.scope],
    claims: {
      openid: ["sub", "acr"],
      [DEMO_AGE_VERIFIER.scope]: AGE_CLAIMS,
      [DEMO_IDENTITY_VERIFIER.scope]: IDENTITY_CLAIMS,
    },
    acrValues: [DEMO_ACR],
    // The scope's claims go in the ID token itself (the site reads nothing else).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}`, policy },
    ttl: { AccessToken: 300, AuthorizationCode: 60, IdToken: 300, Interaction: 600, Session: 600, Grant: 600 },
    findAccount: (_ctx, sub) => {
      const answer = answers.get(sub);
      if (!answer) return undefined;
      return {
        accountId: sub,
        claims: () =>
          answer.kind === "identity"
            ? { sub, birthdate: answer.birthdate }
            : {
                sub,
                age_over_18: answer.answer === "maior",
                birthdate: birthdateYearsAgo(answer.answer === "maior" ? 30 : 16),
              },
      };
    },
    renderError: (ctx) => {
      ctx.type = "html";
      ctx.body = renderErrorPage("O pedido de verificação expirou ou não é válido.");
    },
  };
}

/** GET shows the question; POST records the answer and returns the visitor to the provider, then to the site. */
async function handleInteraction(
  provider: Provider,
  answers: Map<string, Answer>,
  uid: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) throw new Error("interaction mismatch");
  const identityFlow = String(details.params.scope ?? "")
    .split(" ")
    .includes(DEMO_IDENTITY_VERIFIER.scope);
  const action = `/interaction/${uid}`;
  if (req.method === "GET") {
    sendHtml(res, 200, identityFlow ? renderIdentityPage(action, "Vitrine") : renderQuestionPage(action, "Vitrine"));
    return;
  }
  if (req.method !== "POST") {
    res.writeHead(405, { Allow: "GET, POST" }).end();
    return;
  }
  const form = new URLSearchParams(await readBody(req));
  const answer = form.get("answer");
  if (answer === "cancelar") {
    await provider.interactionFinished(
      req,
      res,
      { error: "access_denied", error_description: "A verificação foi cancelada." },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  let accountId: string;
  if (identityFlow) {
    if (answer !== "verificar") throw new Error("unknown answer");
    const birthdate = form.get("birthdate") ?? "";
    const documentNumber = (form.get("document") ?? "").toUpperCase().replace(/[^0-9A-Z]/g, "");
    if (!isPastDate(birthdate) || documentNumber.length < 4) {
      const error = "Informe uma data de nascimento válida e o número do documento (4 caracteres ou mais).";
      sendHtml(res, 400, renderIdentityPage(action, "Vitrine", error));
      return;
    }
    // The same document, the same person: her subject does not depend on the session.
    accountId = `documento-${createHash("sha256").update(documentNumber).digest("base64url").slice(0, 22)}`;
    answers.set(accountId, { kind: "identity", birthdate });
  } else {
    if (!(DEMO_ANSWERS as readonly (string | null)[]).includes(answer)) throw new Error("unknown answer");
    // One visitor per provider session: a new answer replaces the last one (the session's subject cannot change).
    accountId = details.session?.accountId ?? `visitante-${randomBytes(12).toString("base64url")}`;
    answers.set(accountId, { kind: "age", answer: answer as Exclude<DemoAnswer, "cancelar"> });
  }
  const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
  grant.addOIDCScope(`openid ${identityFlow ? DEMO_IDENTITY_VERIFIER.scope : DEMO_AGE_VERIFIER.scope}`);
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId, remember: false, acr: DEMO_ACR }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }).end(html);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
      if (body.length > 4096) req.destroy(new Error("body too large"));
    });
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

/** Whether `value` is a calendar date (YYYY-MM-DD) from 1900 to today. */
function isPastDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === value &&
    value >= "1900-01-01" &&
    date <= new Date()
  );
}

/** The UTC calendar date `years` years before today (YYYY-MM-DD). */
function birthdateYearsAgo(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

/** The provider's state (interactions, sessions, grants, codes) in memory, each entry until it expires. */
function memoryAdapter(): (model: string) => Adapter {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (entry && entry.expiresAt <= Date.now()) store.delete(key);
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined;
  };
  const findBy = (model: string, field: "uid" | "userCode", value: string) => {
    for (const [key, entry] of store) {
      if (key.startsWith(`${model}:`) && entry.payload[field] === value) return live(key);
    }
    return undefined;
  };
  return (model) => ({
    async upsert(id, payload, expiresIn) {
      if (store.size > 5000) for (const key of [...store.keys()]) live(key);
      store.set(`${model}:${id}`, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
    },
    async find(id) {
      return live(`${model}:${id}`);
    },
    async findByUid(uid) {
      return findBy(model, "uid", uid);
    },
    async findByUserCode(userCode) {
      return findBy(model, "userCode", userCode);
    },
    async consume(id) {
      const payload = live(`${model}:${id}`);
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id) {
      store.delete(`${model}:${id}`);
    },
    async revokeByGrantId(grantId) {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key);
    },
  });
}
