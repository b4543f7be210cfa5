import { PRODUCTS_PER_MODEL_MAX, type ProductBodySchema } from "@vitrine/contracts";
import { and, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { models, orders, products } from "../../db/schema";
import { badRequest, notFound } from "../../lib/app-error";
import { toCents } from "../../lib/money";
import { lockModel } from "../models/lock-model";
import { isPubliclyVisible } from "../models/visibility";

type ProductInput = z.output<typeof ProductBodySchema>;

export const PRODUCT_NOT_FOUND = "Produto não encontrado";
/** The model's orders screen shows the most recent ones. */
const OWN_ORDERS_LIMIT = 200;

const toColumns = (input: ProductInput) => ({
  name: input.name,
  description: input.description,
  priceCents: toCents(input.price),
  type: input.type,
  isActive: input.is_active,
});

/** A product the public may buy: active, and its model publicly visible (else 404, like an unknown id). */
export async function findPublicProduct({ db, productId }: { db: Db; productId: number }) {
  const [row] = await db
    .select({
      id: products.id,
      modelId: products.modelId,
      name: products.name,
      description: products.description,
      priceCents: products.priceCents,
      type: products.type,
      modelName: models.name,
    })
    .from(products)
    .innerJoin(models, eq(models.id, products.modelId))
    .where(and(eq(products.id, productId), eq(products.isActive, true), isPubliclyVisible()));
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return row;
}

export function listOwnProducts({ db, modelId }: { db: Db; modelId: number }) {
  return db
    .select()
    .from(products)
    .where(eq(products.modelId, modelId))
    .orderBy(desc(products.createdAt), desc(products.id));
}

export async function createProduct({ db, modelId, input }: { db: Db; modelId: number; input: ProductInput }) {
  // The model row lock serialises the cap check and refuses an account deleted meanwhile.
  return db.transaction(async (tx) => {
    await lockModel(tx, modelId);
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.modelId, modelId));
    if (Number(count) >= PRODUCTS_PER_MODEL_MAX) {
      throw badRequest(`Limite de ${PRODUCTS_PER_MODEL_MAX} produtos atingido. Exclua um produto para criar outro.`);
    }
    const [row] = await tx
      .insert(products)
      .values({ modelId, ...toColumns(input) })
      .returning();
    return row;
  });
}

export async function updateProduct(input: { db: Db; modelId: number; productId: number; body: ProductInput }) {
  const [row] = await input.db
    .update(products)
    .set(toColumns(input.body))
    .where(and(eq(products.id, input.productId), eq(products.modelId, input.modelId)))
    .returning();
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return row;
}

/** Orders keep their product_name copy; their product_id becomes null (foreign key ON DELETE SET NULL). */
export async function deleteProduct({ db, modelId, productId }: { db: Db; modelId: number; productId: number }) {
  const [row] = await db
    .delete(products)
    .where(and(eq(products.id, productId), eq(products.modelId, modelId)))
    .returning({ id: products.id });
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
}

export function listOwnOrders({ db, modelId }: { db: Db; modelId: number }) {
  return db
    .select()
    .from(orders)
    .where(eq(orders.modelId, modelId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(OWN_ORDERS_LIMIT);
}
