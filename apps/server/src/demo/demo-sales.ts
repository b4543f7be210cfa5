import type { orders } from "../db/schema";
import { addDays } from "../lib/dates";
import { saoPauloMoment, WEEKDAY_RHYTHM, weekdayOf } from "./demo-time";
import type { createRandom } from "./random";

/** Demo customers: invented names; e-mails on reserved example domains, so none can reach a real person. */
const CUSTOMER_FIRST_NAMES = [
  "João",
  "Pedro",
  "Lucas",
  "Gabriel",
  "Rafael",
  "Felipe",
  "Bruno",
  "Thiago",
  "Gustavo",
  "Rodrigo",
  "André",
  "Marcelo",
  "Carlos",
  "Eduardo",
  "Fernando",
  "Leonardo",
  "Matheus",
  "Vinícius",
  "Diego",
  "Ricardo",
  "Paulo",
  "Renato",
  "Márcio",
  "Fábio",
  "Júlio",
  "Sérgio",
  "Caio",
  "Daniel",
  "Henrique",
  "Otávio",
  "Mariana",
  "Juliana",
  "Beatriz",
  "Camila",
  "Larissa",
  "Aline",
  "Patrícia",
  "Renata",
  "Priscila",
  "Vanessa",
];
const CUSTOMER_LAST_NAMES = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Costa",
  "Ribeiro",
  "Martins",
  "Carvalho",
  "Almeida",
  "Lopes",
  "Soares",
  "Fernandes",
  "Vieira",
  "Barbosa",
  "Rocha",
  "Dias",
  "Nascimento",
  "Andrade",
  "Moreira",
  "Nunes",
  "Marques",
  "Machado",
  "Mendes",
  "Freitas",
  "Cardoso",
  "Ramos",
  "Gonçalves",
  "Santana",
  "Teixeira",
  "Araújo",
  "Castro",
  "Pinto",
  "Correia",
  "Monteiro",
];
const EXAMPLE_DOMAINS = ["example.com", "example.net", "example.org", "exemplo.com.br"];
const AREA_CODES = [11, 11, 11, 21, 21, 31, 41, 47, 48, 51, 61, 62, 71, 81, 85, 91, 92];

type Random = ReturnType<typeof createRandom>;
export type DemoProduct = { id: number; modelId: number; name: string; priceCents: number };
type OrderDraft = typeof orders.$inferInsert;

const plain = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

function drawCustomer(random: Random) {
  const first = random.pick(CUSTOMER_FIRST_NAMES);
  const last = random.pick(CUSTOMER_LAST_NAMES);
  const separator = random.pick([".", "_", ""]);
  const suffix = random.next() < 0.6 ? String(random.int(1, 99)) : "";
  return {
    customerName: `${first} ${last}`,
    customerEmail: `${plain(first)}${separator}${plain(last)}${suffix}@${random.pick(EXAMPLE_DOMAINS)}`,
    customerPhone: `${random.pick(AREA_CODES)}9${random.int(10_000_000, 99_999_999)}`,
  };
}

/** Older orders are mostly settled; the last two days still have many waiting for the Pix to be confirmed. */
function drawStatus(random: Random, ageDays: number): "paid" | "pending" | "cancelled" {
  const r = random.next();
  if (ageDays < 2) return r < 0.55 ? "paid" : r < 0.9 ? "pending" : "cancelled";
  return r < 0.74 ? "paid" : r < 0.9 ? "cancelled" : "pending";
}

/**
 * Orders of the demo products over the last `days` São Paulo days: 5 to 15 a day, growing over the period, busier
 * on Fridays and Saturdays, mostly in the evening; today's only up to now. The best-selling products come first
 * in `products`.
 */
export function drawOrders(
  random: Random,
  { products, today, now, days }: { products: DemoProduct[]; today: string; now: Date; days: number },
): OrderDraft[] {
  const drafts: OrderDraft[] = [];
  if (products.length === 0) return drafts;
  for (let age = days - 1; age >= 0; age--) {
    const day = addDays(today, -age);
    const trend = 6 + (5 * (days - age)) / days;
    const count = Math.min(15, Math.max(5, Math.round(trend * WEEKDAY_RHYTHM[weekdayOf(day)] + random.int(-2, 2))));
    for (let i = 0; i < count; i++) {
      const createdAt = saoPauloMoment(
        day,
        random.next() < 0.7 ? random.int(17 * 60, 24 * 60 - 1) : random.int(0, 17 * 60),
      );
      if (createdAt > now) continue;
      const product = products[Math.floor(random.next() ** 2 * products.length)];
      const status = drawStatus(random, age);
      const paidAt = status === "paid" ? new Date(createdAt.getTime() + random.int(1, 45) * 60_000) : null;
      drafts.push({
        productId: product.id,
        modelId: product.modelId,
        productName: product.name,
        amountCents: product.priceCents,
        status,
        method: random.next() < 0.7 ? "pix" : "mercadopago",
        paidAt: paidAt && paidAt > now ? now : paidAt,
        createdAt,
        ...drawCustomer(random),
      });
    }
  }
  return drafts;
}
