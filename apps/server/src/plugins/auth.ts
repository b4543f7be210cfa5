import { PASSWORD_CHANGE_REQUIRED_MESSAGE } from "@vitrine/contracts";
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import { jwtVerify, SignJWT } from "jose";
import { and, eq, isNull } from "drizzle-orm";
import { admins, type AdminRow, type ModelRow, models } from "../db/schema";
import { AppError, forbidden, unauthorized } from "../lib/app-error";
import type { Db } from "../db/client";
import type { SessionRow } from "../db/schema";

export type Role = "admin" | "model";

/** Where sessions are kept (modules/sessions, handed in by app.ts: a plugin never imports a module). */
export type SessionStore = {
  /** A session lives this long from its sign-in; its tokens expire with it. */
  ttlMs: number;
  start(
    db: Db,
    input: { account: { kind: Role; id: number }; sessionVersion: number; userAgent: string | undefined; ip: string },
  ): Promise<SessionRow>;
  findLive(db: Db, account: { kind: Role; id: number }, id: string): Promise<SessionRow | undefined>;
  touch(db: Db, row: SessionRow): Promise<void>;
  renew(db: Db, id: string, sessionVersion: number): Promise<SessionRow>;
};
/**
 * sessionVersion: the account's session_version when the token was signed; sessionId: the sign-in's row in
 * `sessions` (the token's `sid`).
 */
export type Principal = { role: Role; id: number; sessionVersion: number; sessionId: string };
/** A verified token whose account still exists and whose session was not ended since. */
export type Session = ({ role: "admin"; account: AdminRow } | { role: "model"; account: ModelRow }) & {
  sessionId: string;
};

declare module "fastify" {
  interface FastifyInstance {
    /** A sign-in: starts a session (device and network of the request) and answers its token. */
    startSession(request: FastifyRequest, account: { role: Role; id: number; sessionVersion: number }): Promise<string>;
    /**
     * The request's own session continues under the account's new session version (a password change ended the
     * others): a new token for the same session.
     */
    renewSession(request: FastifyRequest, sessionVersion: number): Promise<string>;
    /** The session of the request's bearer token, or null when there is none or it is not valid (any more). */
    readSession(request: FastifyRequest): Promise<Session | null>;
    /** onRequest guards of the audience scopes: they read only headers, so they run before any body is parsed. */
    authenticateModel: onRequestAsyncHookHandler;
    authenticateAdmin: onRequestAsyncHookHandler;
    /** Either a model or an admin (routes both may call, such as the static Pix QR of the renewal dialog). */
    authenticateSignedIn: onRequestAsyncHookHandler;
  }
  interface FastifyContextConfig {
    /** An admin route an admin who must change the generated password may still call (their own account). */
    allowPendingPasswordChange?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in model's id; only inside the model scope (elsewhere reading it answers 401). */
    readonly modelId: number;
    /** The signed-in admin's id; only inside the admin scope (elsewhere reading it answers 401). */
    readonly adminId: number;
    /** The signed-in caller's session id; only inside a signed-in scope (elsewhere reading it answers 401). */
    readonly sessionId: string;
  }
}

const SESSION = Symbol("session");
/** The Authorization scheme is case-insensitive ("Bearer", "bearer", "BEARER"). */
const BEARER = /^bearer[ \t]+(\S+)[ \t]*$/i;

type WithSession = FastifyRequest & { [SESSION]?: Principal };

function sessionIdOf(request: FastifyRequest, role: Role): number {
  const principal = (request as WithSession)[SESSION];
  if (principal?.role !== role) throw unauthorized();
  return principal.id;
}

/**
 * Bearer JWTs (HS256) carrying the role, the account id (`sub`), the session version (`sv`), the session id (`sid`)
 * and an expiry (the session's end, 7 days after its sign-in); a token is honoured only while its account exists,
 * its session is not ended, and its session version is the account's current one (raising it ends them all).
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { secret: string; sessions: SessionStore }) => {
  const key = new TextEncoder().encode(opts.secret);
  const store = opts.sessions;

  app.decorateRequest("modelId", {
    getter(this: FastifyRequest) {
      return sessionIdOf(this, "model");
    },
  });
  app.decorateRequest("adminId", {
    getter(this: FastifyRequest) {
      return sessionIdOf(this, "admin");
    },
  });

  app.decorateRequest("sessionId", {
    getter(this: FastifyRequest) {
      const principal = (this as WithSession)[SESSION];
      if (!principal) throw unauthorized();
      return principal.sessionId;
    },
  });

  const signToken = (principal: Principal, startedAt: Date) =>
    new SignJWT({ role: principal.role, sv: principal.sessionVersion, sid: principal.sessionId })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(principal.id))
      .setIssuedAt()
      .setExpirationTime(new Date(startedAt.getTime() + store.ttlMs))
      .sign(key);

  app.decorate("startSession", async (request: FastifyRequest, account: Omit<Principal, "sessionId">) => {
    const row = await store.start(app.db, {
      account: { kind: account.role, id: account.id },
      sessionVersion: account.sessionVersion,
      userAgent: request.headers["user-agent"],
      ip: request.ip,
    });
    return signToken({ ...account, sessionId: row.id }, row.firstSeenAt);
  });

  app.decorate("renewSession", async (request: FastifyRequest, sessionVersion: number) => {
    const principal = (request as WithSession)[SESSION];
    if (!principal) throw unauthorized();
    const row = await store.renew(app.db, principal.sessionId, sessionVersion);
    return signToken({ ...principal, sessionVersion }, row.firstSeenAt);
  });

  async function readPrincipal(request: FastifyRequest): Promise<Principal | null> {
    const token = BEARER.exec(request.headers.authorization ?? "")?.[1];
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], requiredClaims: ["exp", "sub"] });
      const id = Number(payload.sub);
      if ((payload.role !== "admin" && payload.role !== "model") || !Number.isSafeInteger(id) || id <= 0) return null;
      if (typeof payload.sv !== "number" || typeof payload.sid !== "string") return null;
      return { role: payload.role, id, sessionVersion: payload.sv, sessionId: payload.sid };
    } catch {
      return null;
    }
  }

  async function readAccount(principal: Principal) {
    if (principal.role === "admin") {
      const [account] = await app.db.select().from(admins).where(eq(admins.id, principal.id));
      return account && { role: "admin" as const, account };
    }
    const [account] = await app.db
      .select()
      .from(models)
      .where(and(eq(models.id, principal.id), isNull(models.deletedAt)));
    return account && { role: "model" as const, account };
  }

  async function readSession(request: FastifyRequest): Promise<Session | null> {
    const principal = await readPrincipal(request);
    if (!principal) return null;
    const [found, row] = await Promise.all([
      readAccount(principal),
      store.findLive(app.db, { kind: principal.role, id: principal.id }, principal.sessionId),
    ]);
    if (!found || !row) return null;
    const version = found.account.sessionVersion;
    if (version !== principal.sessionVersion || row.sessionVersion !== version) return null;
    await store.touch(app.db, row);
    return { ...found, sessionId: row.id };
  }
  app.decorate("readSession", readSession);

  function guard(roles: Role[]): onRequestAsyncHookHandler {
    return async (request) => {
      const session = await readSession(request);
      if (!session) throw unauthorized();
      if (!roles.includes(session.role)) {
        throw forbidden(roles.includes("admin") ? "Acesso restrito a administradores" : "Acesso restrito a modelos");
      }
      // An admin with a server-generated password may only change it until they have chosen their own.
      if (
        session.role === "admin" &&
        session.account.mustChangePassword &&
        !request.routeOptions.config.allowPendingPasswordChange
      ) {
        throw new AppError(403, "PASSWORD_CHANGE_REQUIRED", PASSWORD_CHANGE_REQUIRED_MESSAGE);
      }
      (request as WithSession)[SESSION] = {
        role: session.role,
        id: session.account.id,
        sessionVersion: session.account.sessionVersion,
        sessionId: session.sessionId,
      };
    };
  }
  app.decorate("authenticateModel", guard(["model"]));
  app.decorate("authenticateAdmin", guard(["admin"]));
  app.decorate("authenticateSignedIn", guard(["model", "admin"]));
});
