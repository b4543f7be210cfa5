import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { jwtVerify, SignJWT } from "jose";
import { admins, models } from "../db/schema";
import { forbidden, unauthorized } from "../lib/app-error";

export type Role = "admin" | "model";
/** sessionVersion: the account's session_version when the token was signed (models only; admins 0). */
export type Principal = { role: Role; id: number; sessionVersion: number };

declare module "fastify" {
  interface FastifyInstance {
    signToken(principal: Principal): Promise<string>;
    readPrincipal(request: FastifyRequest): Promise<Principal | null>;
    requireAdmin(request: FastifyRequest): Promise<void>;
    requireModel(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const TOKEN_TTL = "7d";

/** Bearer JWTs (HS256) carrying the role and account id; guards check the account still exists. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { secret: string }) => {
  const key = new TextEncoder().encode(opts.secret);

  app.decorateRequest("principal", null);

  app.decorate("signToken", (principal: Principal) =>
    new SignJWT({ role: principal.role, sv: principal.sessionVersion })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(principal.id))
      .setIssuedAt()
      .setExpirationTime(TOKEN_TTL)
      .sign(key),
  );

  app.decorate("readPrincipal", async (request: FastifyRequest): Promise<Principal | null> => {
    const header = request.headers.authorization;
    if (!header?.startsWith("Bearer ")) return null;
    try {
      const { payload } = await jwtVerify(header.slice(7).trim(), key, { algorithms: ["HS256"] });
      const id = Number(payload.sub);
      if ((payload.role !== "admin" && payload.role !== "model") || !Number.isInteger(id)) return null;
      return { role: payload.role, id, sessionVersion: typeof payload.sv === "number" ? payload.sv : 0 };
    } catch {
      return null;
    }
  });

  async function requireRole(request: FastifyRequest, role: Role) {
    const principal = await app.readPrincipal(request);
    if (!principal) throw unauthorized("Sessão inválida ou expirada. Faça login novamente.");
    if (principal.role !== role) {
      throw forbidden(role === "admin" ? "Acesso restrito a administradores" : "Acesso restrito a modelos");
    }
    const [account]: { sessionVersion: number }[] =
      role === "admin"
        ? await app.db
            .select({ sessionVersion: sql<number>`0` })
            .from(admins)
            .where(eq(admins.id, principal.id))
        : await app.db
            .select({ sessionVersion: models.sessionVersion })
            .from(models)
            .where(and(eq(models.id, principal.id), isNull(models.deletedAt)));
    if (!account || !isCurrentSession(principal, account)) {
      throw unauthorized("Sessão inválida ou expirada. Faça login novamente.");
    }
    request.principal = principal;
  }

  app.decorate("requireAdmin", (request: FastifyRequest) => requireRole(request, "admin"));
  app.decorate("requireModel", (request: FastifyRequest) => requireRole(request, "model"));
});

/** The signed-in model's id, after `requireModel`. */
export function modelIdOf(request: FastifyRequest): number {
  if (request.principal?.role !== "model") throw unauthorized();
  return request.principal.id;
}

/** A token signed before the account's sessions were revoked (password change) no longer counts. */
export function isCurrentSession(principal: Principal, account: { sessionVersion: number }): boolean {
  return principal.sessionVersion === account.sessionVersion;
}
