import { z } from "zod";
import { ERROR_CODES } from "./errors-plain";

export * from "./errors-plain";

export const ErrorCodeSchema = z.enum(ERROR_CODES);
