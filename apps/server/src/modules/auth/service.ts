import type { LoginBody, RegisterBodySchema } from "@vitrine/contracts";
import { and, eq, isNull, or } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { admins, categories, estados, models, municipios } from "../../db/schema";
import { AppError, badRequest, conflict, constraintName, isUniqueViolation, unauthorized } from "../../lib/app-error";
import { getDummyHash, hashPassword, verifyPassword } from "../../lib/passwords";
import { buildModelSearchText } from "../models/search-text";

/** One message for every login failure: it never tells which part was wrong. */
export const LOGIN_FAILED = "E-mail ou senha incorretos";

export async function authenticateAdmin({ db, body }: { db: Db; body: LoginBody }) {
  const [admin] = await db
    .select()
    .from(admins)
    .where(or(eq(admins.email, body.email), eq(admins.username, body.email)));
  const ok = await verifyPassword(admin?.passwordHash ?? (await getDummyHash()), body.password);
  if (!admin || !ok) throw unauthorized(LOGIN_FAILED);
  return admin;
}

export async function authenticateModel({ db, body }: { db: Db; body: LoginBody }) {
  const [model] = await db
    .select()
    .from(models)
    .where(and(or(eq(models.email, body.email), eq(models.username, body.email)), isNull(models.deletedAt)));
  const ok = await verifyPassword(model?.passwordHash ?? (await getDummyHash()), body.password);
  if (!model || !ok) throw unauthorized(LOGIN_FAILED);
  return model;
}

type RegisterInput = z.output<typeof RegisterBodySchema>;

/** Checks that the place and category exist and fit together (municipio inside estado). */
export async function assertPlaceAndCategory(
  db: Db,
  input: { estado_id: number; municipio_id: number; category_id: number },
): Promise<{ estadoUf: string; municipioNome: string; categoryName: string }> {
  const [[estado], [municipio], [category]] = await Promise.all([
    db.select().from(estados).where(eq(estados.id, input.estado_id)),
    db.select().from(municipios).where(eq(municipios.id, input.municipio_id)),
    db.select().from(categories).where(eq(categories.id, input.category_id)),
  ]);
  const details = [];
  if (!estado) details.push({ path: "estado_id", message: "Estado não encontrado" });
  if (!municipio) details.push({ path: "municipio_id", message: "Município não encontrado" });
  else if (estado && municipio.estadoId !== estado.id) {
    details.push({ path: "municipio_id", message: "O município não pertence ao estado escolhido" });
  }
  if (!category) details.push({ path: "category_id", message: "Categoria não encontrada" });
  if (details.length || !estado || !municipio || !category) throw badRequest("Erro de validação", details);
  return { estadoUf: estado.uf, municipioNome: municipio.nome, categoryName: category.name };
}

export async function registerModel({ db, input }: { db: Db; input: RegisterInput }) {
  const place = await assertPlaceAndCategory(db, input);
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

  try {
    const [model] = await db
      .insert(models)
      .values({
        username: input.username,
        email: input.email,
        passwordHash: await hashPassword(input.password),
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
    return model;
  } catch (err) {
    // Two registrations racing for the same e-mail or username.
    if (isUniqueViolation(err)) {
      const isEmail = constraintName(err).includes("email");
      const detail = isEmail
        ? { path: "email", message: "E-mail já cadastrado" }
        : { path: "username", message: "Nome de usuário já está em uso" };
      throw new AppError(409, detail.message, [detail]);
    }
    throw err;
  }
}
