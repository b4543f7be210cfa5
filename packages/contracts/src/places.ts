import { z } from "zod";
import { ESTADO_ID_MAX } from "./auth";
import { idSchema } from "./common";

export const EstadoSchema = z.object({ id: z.number(), nome: z.string(), uf: z.string() });
export type Estado = z.infer<typeof EstadoSchema>;
export const MunicipioSchema = z.object({ id: z.number(), nome: z.string() });
export type Municipio = z.infer<typeof MunicipioSchema>;
export const CategorySchema = z.object({ id: z.number(), name: z.string() });
export type Category = z.infer<typeof CategorySchema>;

export const EstadosResponseSchema = z.object({ estados: z.array(EstadoSchema) });
export const MunicipiosResponseSchema = z.object({ municipios: z.array(MunicipioSchema) });
export const CategoriesResponseSchema = z.object({ categories: z.array(CategorySchema) });
export const EstadoParamsSchema = z.object({
  estado_id: idSchema("Estado inválido", ESTADO_ID_MAX),
});
export const CategoriesQuerySchema = z.object({ include_empty: z.enum(["0", "1", "true", "false"]).optional() });
