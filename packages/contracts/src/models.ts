import { z } from "zod";

export * from "./models-plain";

export const ModelIdSchema = z.number();
