import { randomBytes } from "node:crypto";
import type { RegisterBody } from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { models } from "../db/schema";
import { addDays, todayInSaoPaulo } from "../lib/dates";
import { TEST_ADMIN } from "./helper";

export const SAO_PAULO = { estado_id: 35, municipio_id: 3550308 };
export const RIO = { estado_id: 33, municipio_id: 3304557 };

let seq = 0;
/** A unique, valid registration payload. */
export function buildRegistration(overrides: Partial<RegisterBody> = {}): RegisterBody {
  seq += 1;
  const tag = `${process.pid}${seq}${randomBytes(2).toString("hex")}`;
  return {
    username: `modelo${tag}`,
    email: `modelo${tag}@example.com`,
    password: "senha-forte-123",
    name: `Modelo ${seq}`,
    age: 25,
    phone: "11987654321",
    whatsapp: "11987654321",
    ...SAO_PAULO,
    category_id: 1,
    ...overrides,
  };
}

/** Registers a model through the real route; returns its token and id. */
export async function registerModel(app: FastifyInstance, overrides: Partial<RegisterBody> = {}) {
  const body = buildRegistration(overrides);
  const res = await app.inject({ method: "POST", url: "/api/auth/model/register", payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const json = res.json() as { token: string; model: { id: number } };
  return { token: json.token, id: json.model.id, body };
}

/** Makes a registered model publicly visible: active with a plan valid for `days` more days. */
export async function makeVisible(app: FastifyInstance, modelId: number, days = 30) {
  await app.db
    .update(models)
    .set({ isActive: true, nextDueDate: addDays(todayInSaoPaulo(), days), firstPaidAt: new Date() })
    .where(eq(models.id, modelId));
}

export async function loginAdmin(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/auth/admin/login", payload: TEST_ADMIN });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.body}`);
  return (res.json() as { token: string }).token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
