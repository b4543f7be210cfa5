import assert from "node:assert/strict";
import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { auditLog } from "../db/schema";
import type { ModelEvent } from "../plugins/events";
import type { Client } from "./helper";
import { withoutId } from "./events";

/** Rows in the audit log (of one action when given). */
export async function countAuditRows(app: FastifyInstance, action?: string): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(auditLog)
    .where(action ? eq(auditLog.action, action) : undefined);
  return Number(row.n);
}

/**
 * Runs `change` and asserts it wrote exactly one audit row, of `action` (every admin request that changes data
 * writes one, in the same transaction). Answers what `change` answered.
 */
export async function expectOneAuditRow<T>(app: FastifyInstance, action: string, change: () => Promise<T>) {
  const [all, ofAction] = [await countAuditRows(app), await countAuditRows(app, action)];
  const result = await change();
  assert.equal((await countAuditRows(app)) - all, 1, `one audit row in all for ${action}`);
  assert.equal((await countAuditRows(app, action)) - ofAction, 1, `one "${action}" audit row`);
  return result;
}

/** The events published while `run` runs. */
export async function captureEvents(app: FastifyInstance, run: () => Promise<unknown>): Promise<ModelEvent[]> {
  const events: ModelEvent[] = [];
  const unsubscribe = app.events.subscribe((e) => events.push(withoutId(e)));
  try {
    await run();
  } finally {
    unsubscribe();
  }
  return events;
}

type Call = (client: Client) => Promise<{ statusCode: number; body: string }>;

/**
 * The authorization matrix of one admin route: no token → 401, a model's token → 403 (before the body is read),
 * an admin's token → `adminStatus`.
 */
export async function expectAdminOnly(
  as: (token?: string | null) => Client,
  tokens: { model: string; admin: string },
  call: Call,
  adminStatus = 200,
) {
  const anonymous = await call(as(null));
  assert.equal(anonymous.statusCode, 401, anonymous.body);
  const model = await call(as(tokens.model));
  assert.equal(model.statusCode, 403, model.body);
  const admin = await call(as(tokens.admin));
  assert.equal(admin.statusCode, adminStatus, admin.body);
}
