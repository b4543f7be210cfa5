import { OWN_EVENTS_TICKET_SECONDS, OwnEventsTicketResponseSchema } from "@vitrine/contracts";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import { models } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { hmacKey } from "../../lib/keys";
import { findLiveSession } from "../sessions/service";
import { registerEventStream } from "./events";

/**
 * The advertiser's own live updates (her payments, her visibility: the events whose model_id is hers), outside the
 * visitors' age-restricted stream. An EventSource cannot send the Authorization header, and her session token must
 * never go into a URL (logs, history), so the dashboard first asks, with her bearer token, for a stream ticket:
 * a JWT (HS256, a key of its own derived from the server secret) naming her, her sign-in (session id and version)
 * and only this use, valid OWN_EVENTS_TICKET_SECONDS (60 s). Opening the stream checks the sign-in is still live;
 * the stream ends after OWN_STREAM_LIFETIME_MS and the browser takes a new ticket, so a session ended since (signed
 * out, password changed, account deleted) stops getting her events within that time.
 */

const AUDIENCE = "vitrine:own-events";

/** An open stream of hers is ended after this long; the browser reconnects with a new ticket. */
export const OWN_STREAM_LIFETIME_MS = 10 * 60_000;

export const OWN_EVENTS_TICKET_INVALID_MESSAGE = "Sessão de atualização ao vivo inválida ou expirada.";

const ticketInvalid = () => new AppError(401, "UNAUTHENTICATED", OWN_EVENTS_TICKET_INVALID_MESSAGE);

/** A key used only for stream tickets, derived from the server secret. */
function ticketKey(secret: string): Uint8Array {
  return hmacKey(secret, "vitrine:own-events:v1");
}

export async function signOwnEventsTicket(options: {
  secret: string;
  modelId: number;
  sessionId: string;
  sessionVersion: number;
  now?: Date;
}): Promise<{ ticket: string; expiresAt: Date }> {
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const exp = iat + OWN_EVENTS_TICKET_SECONDS;
  const ticket = await new SignJWT({ sid: options.sessionId, sv: options.sessionVersion })
    .setProtectedHeader({ alg: "HS256" })
    .setAudience(AUDIENCE)
    .setSubject(String(options.modelId))
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(ticketKey(options.secret));
  return { ticket, expiresAt: new Date(exp * 1000) };
}

/**
 * The model a ticket opens the stream of: a valid signature, this audience, not expired, an account that still
 * exists with the session version the ticket was given under, and that sign-in still live. Anything else is 401.
 */
async function modelOfTicket(app: FastifyInstance, ticket: string | undefined): Promise<number> {
  if (!ticket || ticket.length > 1024) throw ticketInvalid();
  let modelId: number;
  let sessionId: unknown;
  let sessionVersion: unknown;
  try {
    const { payload } = await jwtVerify(ticket, ticketKey(app.config.jwtSecret), {
      algorithms: ["HS256"],
      audience: AUDIENCE,
      requiredClaims: ["exp", "iat", "sub"],
    });
    modelId = Number(payload.sub);
    sessionId = payload.sid;
    sessionVersion = payload.sv;
  } catch {
    throw ticketInvalid();
  }
  if (!Number.isSafeInteger(modelId) || modelId <= 0) throw ticketInvalid();
  if (typeof sessionVersion !== "number" || typeof sessionId !== "string") throw ticketInvalid();
  const [[row], session] = await Promise.all([
    app.db
      .select({ sessionVersion: models.sessionVersion })
      .from(models)
      .where(and(eq(models.id, modelId), isNull(models.deletedAt))),
    findLiveSession(app.db, { kind: "model", id: modelId }, sessionId),
  ]);
  if (!row || !session || row.sessionVersion !== sessionVersion || session.sessionVersion !== sessionVersion) {
    throw ticketInvalid();
  }
  return modelId;
}

/** POST /api/models/events/ticket (the model scope: her bearer token): a ticket for her own stream. */
export const ownEventsTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/events/ticket",
    { schema: { response: { 200: OwnEventsTicketResponseSchema } } },
    async (request: FastifyRequest) => {
      const [row] = await app.db
        .select({ sessionVersion: models.sessionVersion })
        .from(models)
        .where(eq(models.id, request.modelId));
      const { ticket, expiresAt } = await signOwnEventsTicket({
        secret: app.config.jwtSecret,
        modelId: request.modelId,
        sessionId: request.sessionId,
        sessionVersion: row?.sessionVersion ?? 0,
      });
      return { ticket, expires_at: expiresAt.toISOString() };
    },
  );
};

/**
 * GET /api/models/own-events?ticket=…: her stream, outside the visitors' age check (it carries nothing of the
 * directory, only her own events). The same stream as the visitors' (./events.ts: ids, resume after `after` or
 * Last-Event-ID, heartbeats, limits per address), filtered to the events of her model.
 */
export const ownEventsStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEventStream(app, {
    path: "/own-events",
    maxPerIp: app.config.sseMaxPerIp,
    maxTotal: app.config.sseMaxTotal,
    maxLifetimeMs: OWN_STREAM_LIFETIME_MS,
    extraQuery: { ticket: z.string().max(1024).optional() },
    authorize: async (request) => {
      const modelId = await modelOfTicket(app, (request.query as { ticket?: string }).ticket);
      return (event) => event.model_id === modelId;
    },
  });
};
