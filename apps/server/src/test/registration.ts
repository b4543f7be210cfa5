/**
 * The one registration payload of the tests, server and browser alike (e2e/fixtures.ts imports it from here, so a
 * browser spec does not load the server's modules to build it).
 */
import { randomBytes } from "node:crypto";
import type { RegisterBody } from "@vitrine/contracts";

export const SAO_PAULO = { estado_id: 35, municipio_id: 3550308 };

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
