import { z } from "zod";
import { ESTADO_ID_MAX } from "./fields";
import { idSchema } from "./common";

export const EstadoSchema = z.object({ id: z.number(), nome: z.string(), uf: z.string() });
export type Estado = z.infer<typeof EstadoSchema>;
export const MunicipioSchema = z.object({ id: z.number(), nome: z.string() });
export type Municipio = z.infer<typeof MunicipioSchema>;
export const CategorySchema = z.object({ id: z.number(), name: z.string() });
export type Category = z.infer<typeof CategorySchema>;

export const EstadosResponseSchema = z.object({ estados: z.array(EstadoSchema) });
export type EstadosResponse = z.infer<typeof EstadosResponseSchema>;
export const MunicipiosResponseSchema = z.object({ municipios: z.array(MunicipioSchema) });
export type MunicipiosResponse = z.infer<typeof MunicipiosResponseSchema>;
export const CategoriesResponseSchema = z.object({ categories: z.array(CategorySchema) });
export type CategoriesResponse = z.infer<typeof CategoriesResponseSchema>;
export const EstadoParamsSchema = z.object({
  estado_id: idSchema("Estado inválido", ESTADO_ID_MAX),
});
export const CategoriesQuerySchema = z.object({ include_empty: z.enum(["0", "1", "true", "false"]).optional() });
