import type { ChangeEmailBodySchema, ChangePasswordBody } from "@vitrine/contracts";
import { and, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { admins, models } from "../../db/schema";
import { conflict, notFound, unauthorized, validationError } from "../../lib/app-error";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import type { Storage } from "../../plugins/storage";
import { assertNotThrottled, clearFailures, recordFailure, throttleKey } from "../auth/service";
import { notifySecurityChange } from "../mail/service";
import { eraseModel } from "../models/erase";
import { lockModel, MODEL_NOT_FOUND } from "../models/lock-model";
import type { SessionAccount } from "../sessions/service";
import { removeQueuedFiles } from "../models/stored-files";
import { recordModelChange } from "../models/publish";

const EMAIL_TAKEN = { path: "email", message: "E-mail já cadastrado" };

/** Who is asking: the client's address and the server secret, for the per-account backoff on passwords. */
export type Attempt = { ip: string; secret: string };

/**
 * Checks the signed-in account's password (an advertiser's or an admin's) before a sensitive change, under the same
 * per-account backoff as the login (a stolen session cannot guess the password faster). A wrong password answers
 * 400 on `path` ("Senha incorreta", or "Senha atual incorreta" on a current-password field), not 401: the web
 * treats any 401 as an expired session and signs her out.
 */
export async function assertPassword(input: {
  db: Db;
  account: SessionAccount;
  password: string;
  path: string;
  attempt: Attempt;
}): Promise<void> {
  const { db, account, path } = input;
  const key = throttleKey({ account: `${account.kind}#${account.id}`, ...input.attempt });
  await assertNotThrottled({ db, key });
  const table = account.kind === "admin" ? admins : models;
  const [row] = await db.select({ passwordHash: table.passwordHash }).from(table).where(eq(table.id, account.id));
  if (!row) throw account.kind === "admin" ? unauthorized() : notFound(MODEL_NOT_FOUND);
  if (!(await verifyPassword(row.passwordHash, input.password))) {
    await recordFailure({ db, key });
    const message = path === "password" ? "Senha incorreta" : "Senha atual incorreta";
    throw validationError([{ path, message }], message);
  }
  await clearFailures({ db, key });
}

/** Her current password, typed in a form's current_password field. */
const assertCurrentPassword = (db: Db, modelId: number, password: string, attempt: Attempt) =>
  assertPassword({ db, account: { kind: "model", id: modelId }, password, path: "current_password", attempt });

/**
 * Returns the new session version: every token signed before ends, a stolen one with the old password. She is
 * e-mailed, in the same transaction.
 */
export async function changePassword({
  db,
  modelId,
  body,
  attempt,
}: {
  db: Db;
  modelId: number;
  body: ChangePasswordBody;
  attempt: Attempt;
}): Promise<number> {
  await assertCurrentPassword(db, modelId, body.current_password, attempt);
  const passwordHash = await hashPassword(body.new_password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(models)
      .set({ passwordHash, sessionVersion: sql`${models.sessionVersion} + 1`, updatedAt: new Date() })
      .where(eq(models.id, modelId))
      .returning({ sessionVersion: models.sessionVersion });
    await notifySecurityChange(tx, { kind: "model", id: modelId }, "password_changed");
    return row.sessionVersion;
  });
}

/**
 * Asks to change her e-mail: after her password, an address free of other accounts is accepted and answered; the
 * caller sends it a confirmation link, and the address becomes hers only when that link is opened
 * (account/links.ts confirmEmail, which tells her old address) — a mistyped address never locks her out, and she stays confirmed meanwhile.
 */
export async function changeEmail(input: {
  db: Db;
  modelId: number;
  body: z.output<typeof ChangeEmailBodySchema>;
  attempt: Attempt;
}) {
  const { db, modelId, body, attempt } = input;
  await assertCurrentPassword(db, modelId, body.current_password, attempt);
  const taken = await db
    .select({ id: models.id })
    .from(models)
    .where(and(eq(models.email, body.email), ne(models.id, modelId)));
  if (taken.length) throw conflict(EMAIL_TAKEN.message, [EMAIL_TAKEN]);
  const [row] = await db.select().from(models).where(eq(models.id, modelId));
  return row;
}

/**
 * LGPD deletion. Photos (rows and files) and products go; direct-login tokens and visitor marks go; the model row
 * stays as an anonymous shell (deleted_at set) only so that payments and orders keep pointing at one account:
 * no name, contact, age, place, category, plan, dates or counters remain (docs/decisions). The session guards
 * refuse deleted models, so the token stops working at once. Answers whether the public saw the model before.
 */
export async function deleteAccount(input: {
  db: Db;
  storage: Storage;
  modelId: number;
  password: string;
  attempt: Attempt;
}): Promise<{ wasVisible: boolean }> {
  const { db, modelId } = input;
  const account = { kind: "model" as const, id: modelId };
  await assertPassword({ db, account, password: input.password, path: "password", attempt: input.attempt });
  const { queued, wasVisible } = await db.transaction(async (tx) => {
    await lockModel(tx, modelId);
    const erased = await eraseModel({ tx, modelId, keepName: false });
    await recordModelChange(tx, modelId, { before: erased.wasVisible, after: false });
    return erased;
  });
  await removeQueuedFiles({ db, storage: input.storage, queued });
  return { wasVisible };
}
