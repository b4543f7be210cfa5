import { z } from "zod";
import { IdSchema } from "./common";
import { cleanPlainText } from "./fields";
import { MoneyInputSchema } from "./money";

export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 2000;
export const PRODUCTS_PER_MODEL_MAX = 50;

/** What a model sells: a digital file or content, a physical item, or a service. */
export const PRODUCT_TYPES = ["digital", "fisico", "servico"] as const;
export const ProductTypeSchema = z.enum(PRODUCT_TYPES, { error: "Tipo inválido: use digital, fisico ou servico" });
export type ProductType = z.infer<typeof ProductTypeSchema>;
export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = {
  digital: "Digital",
  fisico: "Físico",
  servico: "Serviço",
};

/** Label for a stored type; unknown values are shown as they are. */
export function productTypeLabel(type: string): string {
  return PRODUCT_TYPE_LABELS[type as ProductType] ?? type;
}

/** Price in reais: a number, or text typed the Brazilian way ("59,90", "R$ 1.234,56"); must be above zero. */
export const ProductPriceSchema = MoneyInputSchema.refine((v) => v > 0, { message: "O preço deve ser maior que zero" });

/** POST /api/models/products and PUT /api/models/products/:id (the whole product each time). */
export const ProductBodySchema = z.object({
  name: z
    .string({ error: "Nome do produto é obrigatório" })
    .transform((v) => cleanPlainText(v).trim())
    .pipe(
      z
        .string()
        .min(2, "Nome do produto é obrigatório")
        .max(PRODUCT_NAME_MAX, `O nome deve ter no máximo ${PRODUCT_NAME_MAX} caracteres`),
    ),
  description: z
    .preprocess((v) => (v === null || v === undefined ? "" : v), z.string({ error: "Descrição inválida" }))
    .transform((v) => cleanPlainText(v).trim())
    .pipe(
      z.string().max(PRODUCT_DESCRIPTION_MAX, `A descrição deve ter no máximo ${PRODUCT_DESCRIPTION_MAX} caracteres`),
    ),
  price: ProductPriceSchema,
  type: ProductTypeSchema.default("digital"),
  is_active: z.boolean({ error: "is_active deve ser true ou false" }).default(true),
});
export type ProductBody = z.input<typeof ProductBodySchema>;

/** The product as the public checkout shows it. */
export const CheckoutProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  model_name: z.string(),
  type: z.string(),
});
export type CheckoutProduct = z.infer<typeof CheckoutProductSchema>;
export const CheckoutProductResponseSchema = z.object({ product: CheckoutProductSchema });
export type CheckoutProductResponse = z.infer<typeof CheckoutProductResponseSchema>;
export const ProductIdParamsSchema = z.object({ productId: IdSchema });

/** The product as its owner manages it. */
export const OwnProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  type: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type OwnProduct = z.infer<typeof OwnProductSchema>;
export const OwnProductResponseSchema = z.object({ product: OwnProductSchema });
export type OwnProductResponse = z.infer<typeof OwnProductResponseSchema>;
export const OwnProductsResponseSchema = z.object({ products: z.array(OwnProductSchema) });
export type OwnProductsResponse = z.infer<typeof OwnProductsResponseSchema>;

/** One of the model's own orders (the customer's e-mail and phone stay with the admin). */
export const OwnOrderSchema = z.object({
  id: z.number(),
  product_id: z.number().nullable(),
  product_name: z.string(),
  customer_name: z.string(),
  amount: z.number(),
  status: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type OwnOrder = z.infer<typeof OwnOrderSchema>;
export const OwnOrdersResponseSchema = z.object({ orders: z.array(OwnOrderSchema) });
export type OwnOrdersResponse = z.infer<typeof OwnOrdersResponseSchema>;
