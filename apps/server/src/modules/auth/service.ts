import type { LoginBody, RegisterBodySchema } from "@vitrine/contracts";
import { acceptCurrentTerms } from "../my-data/service";
import { and, eq, isNull, or } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { type AdminRow, admins, type ModelRow, models } from "../../db/schema";
import { conflict, constraintName, isUniqueViolation, unauthorized } from "../../lib/app-error";
import { getDummyHash, hashPassword, verifyPassword } from "../../lib/passwords";
import { assertPlaceAndCategory } from "../models/place";
import { buildModelSearchText } from "../models/search-text";
import { assertEmailNotBanned } from "../moderation/service";
import { assertNotThrottled, clearFailures, recordFailure, throttleKey } from "./throttle";

export { assertNotThrottled, clearFailures, recordFailure, throttleKey };
export { LOGIN_THROTTLE_FORGET_AFTER_MS } from "./throttle";
export { presentAdmin } from "./present";

/** One message for every login failure: it never tells which part was wrong. */
export const LOGIN_FAILED = "E-mail ou senha incorretos";

type LoginInput = { db: Db; body: LoginBody; ip: string; secret: string };

/**
 * Checks a password against an account found by `find` (null when there is none: a dummy hash is compared then,
 * so the time taken tells nothing), under the per-account backoff.
 */
async function verifyLogin<T extends { passwordHash: string }>(
  input: LoginInput & { role: "admin" | "model" },
  find: () => Promise<T | undefined>,
): Promise<T> {
  const key = throttleKey({ account: `${input.role}:${input.body.email}`, ip: input.ip, secret: input.secret });
  await assertNotThrottled({ db: input.db, key });
  const account = await find();
  const ok = await verifyPassword(account?.passwordHash ?? (await getDummyHash()), input.body.password);
  if (!account || !ok) {
    await recordFailure({ db: input.db, key });
    throw unauthorized(LOGIN_FAILED);
  }
  await clearFailures({ db: input.db, key });
  return account;
}

/** Admin sign-in by e-mail or username. */
export function verifyAdminLogin(input: LoginInput): Promise<AdminRow> {
  return verifyLogin({ ...input, role: "admin" }, async () => {
    const [admin] = await input.db
      .select()
      .from(admins)
      .where(or(eq(admins.email, input.body.email), eq(admins.username, input.body.email)));
    return admin;
  });
}

/**
 * Model sign-in by e-mail or username; a deleted account never signs in. A banned one does, so that she can read
 * the decision and appeal: the model scope lets her reach nothing else (modules/moderation/suspension.ts).
 */
export function verifyModelLogin(input: LoginInput): Promise<ModelRow> {
  return verifyLogin({ ...input, role: "model" }, async () => {
    const [model] = await input.db
      .select()
      .from(models)
      .where(
        and(or(eq(models.email, input.body.email), eq(models.username, input.body.email)), isNull(models.deletedAt)),
      );
    return model;
  });
}

type RegisterInput = z.output<typeof RegisterBodySchema>;

/** Registers a model; the e-mail of a banned account is refused, even after that account was erased. */
export async function registerModel({ db, input }: { db: Db; input: RegisterInput }) {
  await assertEmailNotBanned(db, input.email);
  const place = await assertPlaceAndCategory({ db, place: input });
  const taken = await db
    .select({ email: models.email, username: models.username })
    .from(models)
    .where(or(eq(models.email, input.email), eq(models.username, input.username)));
  const details = [];
  if (taken.some((t) => t.email === input.email)) details.push({ path: "email", message: "E-mail já cadastrado" });
  if (taken.some((t) => t.username === input.username)) {
    details.push({ path: "username", message: "Nome de usuário já está em uso" });
  }
  if (details.length) throw conflict(details.map((d) => d.message).join(". "), details);

  const passwordHash = await hashPassword(input.password);
  try {
    const model = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(models)
        .values({
          username: input.username,
          email: input.email,
          passwordHash,
          name: input.name,
          age: input.age,
          phone: input.phone,
          whatsapp: input.whatsapp,
          estadoId: input.estado_id,
          municipioId: input.municipio_id,
          categoryId: input.category_id,
          searchText: buildModelSearchText({
            name: input.name,
            description: "",
            categoryName: place.categoryName,
            cityName: place.municipioNome,
            uf: place.estadoUf,
          }),
        })
        .returning();
      // Registering means accepting the Termos de Uso shown (the form's checkbox): the version is recorded.
      await acceptCurrentTerms(tx, row.id);
      return row;
    });
    return model;
  } catch (err) {
    // Two registrations racing for the same e-mail or username.
    if (isUniqueViolation(err)) {
      const isEmail = constraintName(err).includes("email");
      const detail = isEmail
        ? { path: "email", message: "E-mail já cadastrado" }
        : { path: "username", message: "Nome de usuário já está em uso" };
      throw conflict(detail.message, [detail]);
    }
    throw err;
  }
}
