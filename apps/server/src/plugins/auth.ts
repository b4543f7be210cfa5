import { PASSWORD_CHANGE_REQUIRED_MESSAGE } from "@vitrine/contracts";
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import { jwtVerify, SignJWT } from "jose";
import { and, eq, isNull } from "drizzle-orm";
import { admins, type AdminRow, type ModelRow, models } from "../db/schema";
import { AppError, forbidden, unauthorized } from "../lib/app-error";

export type Role = "admin" | "model";
/** sessionVersion: the account's session_version when the token was signed. */
export type Principal = { role: Role; id: number; sessionVersion: number };
/** A verified token whose account still exists and whose session was not revoked since. */
export type Session = { role: "admin"; account: AdminRow } | { role: "model"; account: ModelRow };

declare module "fastify" {
  interface FastifyInstance {
    signToken(principal: Principal): Promise<string>;
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
  }
}

const TOKEN_TTL = "7d";
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
 * Bearer JWTs (HS256) carrying the role, the account id (`sub`), the session version (`sv`) and an expiry; a
 * token is honoured only while its account exists and its session version is the account's current one.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { secret: string }) => {
  const key = new TextEncoder().encode(opts.secret);

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

  app.decorate("signToken", (principal: Principal) =>
    new SignJWT({ role: principal.role, sv: principal.sessionVersion })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(principal.id))
      .setIssuedAt()
      .setExpirationTime(TOKEN_TTL)
      .sign(key),
  );

  async function readPrincipal(request: FastifyRequest): Promise<Principal | null> {
    const token = BEARER.exec(request.headers.authorization ?? "")?.[1];
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], requiredClaims: ["exp", "sub"] });
      const id = Number(payload.sub);
      if ((payload.role !== "admin" && payload.role !== "model") || !Number.isSafeInteger(id) || id <= 0) return null;
      if (typeof payload.sv !== "number") return null;
      return { role: payload.role, id, sessionVersion: payload.sv };
    } catch {
      return null;
    }
  }

  async function readSession(request: FastifyRequest): Promise<Session | null> {
    const principal = await readPrincipal(request);
    if (!principal) return null;
    if (principal.role === "admin") {
      const [account] = await app.db.select().from(admins).where(eq(admins.id, principal.id));
      return account?.sessionVersion === principal.sessionVersion ? { role: "admin", account } : null;
    }
    const [account] = await app.db
      .select()
      .from(models)
      .where(and(eq(models.id, principal.id), isNull(models.deletedAt)));
    return account?.sessionVersion === principal.sessionVersion ? { role: "model", account } : null;
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
      };
    };
  }
  app.decorate("authenticateModel", guard(["model"]));
  app.decorate("authenticateAdmin", guard(["admin"]));
  app.decorate("authenticateSignedIn", guard(["model", "admin"]));
});
