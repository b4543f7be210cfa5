// Needs no database: runs once, in the PostgreSQL half of the server tests (scripts/test.sh).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { getPixPayloadInfo } from "@brazilian-utils/brazilian-utils";
import { PIX_KEY_TYPES, type PixKeyType } from "@vitrine/contracts";
import { checkBrCode, crc16CcittFalse } from "../test/br-code";
import { AppError } from "./app-error";
import { buildPixPayload, foldToAscii, normalizePixKey, renderPixQr } from "./pix";

const MERCHANT = { merchantName: "Vitrine", merchantCity: "São Paulo" };
/** A key of each type as an admin might type it, and how the DICT writes it. */
const KEYS: Record<PixKeyType, { typed: string; canonical: string }> = {
  cpf: { typed: "123.456.789-09", canonical: "12345678909" },
  phone: { typed: "(11) 99999-0000", canonical: "+5511999990000" },
  email: { typed: "Contato@Vitrine.COM.br", canonical: "contato@vitrine.com.br" },
  random: { typed: "71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D", canonical: "71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d" },
};

function expect400(fn: () => unknown, message: RegExp) {
  assert.throws(fn, (err: unknown) => err instanceof AppError && err.statusCode === 400 && message.test(err.message));
}

describe("the BR Code checker itself", () => {
  test("accepts the Banco Central's published example and its CRC", () => {
    const example =
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000" +
      "5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";
    assert.equal(crc16CcittFalse(example.slice(0, -4)), "1D3D");
    assert.equal(checkBrCode(example).merchantName, "Fulano de Tal");
  });

  test("refuses a payload whose CRC or a length is off", () => {
    const payload = buildPixPayload({ keyType: "cpf", key: KEYS.cpf.typed, ...MERCHANT });
    const wrongCrc = payload.slice(0, -1) + (payload.endsWith("0") ? "1" : "0");
    assert.throws(() => checkBrCode(wrongCrc), /CRC/);
    assert.throws(() => checkBrCode(payload.replace("5802BR", "5803BR")));
  });
});

describe("buildPixPayload", () => {
  for (const type of PIX_KEY_TYPES) {
    test(`${type} key without amount and txid: key as the DICT writes it, no 54, txid ***`, () => {
      const payload = buildPixPayload({ keyType: type, key: KEYS[type].typed, ...MERCHANT });
      const code = checkBrCode(payload);
      assert.equal(code.key, KEYS[type].canonical);
      assert.equal(code.amount, undefined);
      assert.equal(code.txid, "***");
      assert.equal(code.description, undefined);
      assert.equal(code.merchantName, "Vitrine");
      assert.equal(code.merchantCity, "SAO PAULO");
      const info = getPixPayloadInfo(payload);
      assert.equal(info?.key, KEYS[type].canonical);
      assert.equal(info?.pointOfInitiation, "static");
    });

    test(`${type} key with amount, txid and description`, () => {
      const payload = buildPixPayload({
        keyType: type,
        key: KEYS[type].typed,
        ...MERCHANT,
        amountCents: 5990,
        txid: "VTR000042",
        description: "Plano mensal",
      });
      const code = checkBrCode(payload);
      assert.deepEqual(code, {
        key: KEYS[type].canonical,
        description: "Plano mensal",
        amount: "59.90",
        merchantName: "Vitrine",
        merchantCity: "SAO PAULO",
        txid: "VTR000042",
      });
      const info = getPixPayloadInfo(payload);
      assert.equal(info?.amount, 59.9);
      assert.equal(info?.txid, "VTR000042");
    });
  }

  test("amounts always carry two decimals: 0.01, 59.90, 1234.50, 1000000.00", () => {
    for (const [cents, text] of [
      [1, "0.01"],
      [5990, "59.90"],
      [123450, "1234.50"],
      [100_000_000, "1000000.00"],
    ] as const) {
      const code = checkBrCode(
        buildPixPayload({ keyType: "cpf", key: KEYS.cpf.typed, ...MERCHANT, amountCents: cents }),
      );
      assert.equal(code.amount, text);
    }
  });

  test("an amount of 0 lets the payer type it (no field 54); a negative or fractional cent is refused", () => {
    assert.equal(
      checkBrCode(buildPixPayload({ keyType: "cpf", key: "12345678909", ...MERCHANT, amountCents: 0 })).amount,
      undefined,
    );
    expect400(() => buildPixPayload({ keyType: "cpf", key: "12345678909", ...MERCHANT, amountCents: -1 }), /Valor/);
    expect400(() => buildPixPayload({ keyType: "cpf", key: "12345678909", ...MERCHANT, amountCents: 1.5 }), /Valor/);
  });

  test("accents are folded in the description, the merchant name (≤ 25) and the city (≤ 15)", () => {
    const code = checkBrCode(
      buildPixPayload({
        keyType: "email",
        key: KEYS.email.typed,
        merchantName: "Vitrine Anúncios São João Ação & Cia",
        merchantCity: "São José dos Campos",
        description: "Renovação — plano 1ª semana",
      }),
    );
    assert.equal(code.description, "Renovacao plano 1a semana");
    assert.equal(code.merchantName, "Vitrine Anuncios Sao Joao");
    assert.equal(code.merchantCity, "SAO JOSE DOS CA");
  });

  test("txid: *** means none; anything but 1–25 letters and digits is refused", () => {
    assert.equal(
      checkBrCode(buildPixPayload({ keyType: "cpf", key: "12345678909", ...MERCHANT, txid: "***" })).txid,
      "***",
    );
    const long = "A".repeat(25);
    assert.equal(
      checkBrCode(buildPixPayload({ keyType: "cpf", key: "12345678909", ...MERCHANT, txid: long })).txid,
      long,
    );
    for (const txid of ["", "A".repeat(26), "VTR-1", "VTR 1", "ação"]) {
      expect400(() => buildPixPayload({ keyType: "cpf", key: "12345678909", ...MERCHANT, txid }), /txid/);
    }
  });

  test("a phone number that is also a valid CPF stays a phone key (+55…)", () => {
    // 51998259765 passes the CPF check digits; given alone to the library it becomes a CPF key.
    const code = checkBrCode(buildPixPayload({ keyType: "phone", key: "51998259765", ...MERCHANT }));
    assert.equal(code.key, "+5551998259765");
  });

  test("a merchant name with nothing printable is refused", () => {
    expect400(
      () => buildPixPayload({ keyType: "cpf", key: "12345678909", merchantName: "☺☺", merchantCity: "x" }),
      /Nome/,
    );
  });

  test("an invalid key of each type is refused with a Portuguese message", () => {
    expect400(() => buildPixPayload({ keyType: "cpf", key: "123.456.789-00", ...MERCHANT }), /CPF inválido/);
    expect400(() => buildPixPayload({ keyType: "phone", key: "(11) 3333-4444", ...MERCHANT }), /Telefone fixo/);
    expect400(() => buildPixPayload({ keyType: "email", key: "contato@", ...MERCHANT }), /E-mail inválido/);
    expect400(() => buildPixPayload({ keyType: "random", key: "12345", ...MERCHANT }), /Chave aleatória inválida/);
  });
});

describe("normalizePixKey", () => {
  const ok = (type: PixKeyType, raw: string) => {
    const result = normalizePixKey(type, raw);
    assert.ok(result.ok, `${type} ${raw}: ${result.ok ? "" : result.message}`);
    return result.key;
  };
  const refused = (type: PixKeyType, raw: string) => {
    const result = normalizePixKey(type, raw);
    assert.equal(result.ok, false, `${type} ${raw} should be refused`);
    return result.ok ? "" : result.message;
  };

  test("cpf: 11 digits with valid check digits, bare or formatted", () => {
    assert.equal(ok("cpf", "12345678909"), "12345678909");
    assert.equal(ok("cpf", " 123.456.789-09 "), "12345678909");
    assert.match(refused("cpf", "11111111111"), /verificadores/);
    assert.match(refused("cpf", "1234567890"), /11 dígitos/);
    assert.match(refused("cpf", "123.456.789-0a"), /11 dígitos/);
  });

  test("phone: a mobile with DDD in any usual form becomes +55DDDNUMBER; a landline or no DDD is refused", () => {
    for (const raw of [
      "11999990000",
      "(11) 99999-0000",
      "+55 11 99999-0000",
      "+5511999990000",
      "5511999990000",
      "0055 11 99999 0000",
      "011 99999-0000",
    ]) {
      assert.equal(ok("phone", raw), "+5511999990000", raw);
    }
    assert.match(refused("phone", "(11) 3333-4444"), /fixo/);
    assert.match(refused("phone", "99999-0000"), /DDD/);
    assert.match(refused("phone", "+1 415 555 0100"), /Telefone inválido/);
    assert.match(refused("phone", "11 9999a-0000"), /Telefone inválido/);
  });

  test("email: lower-cased, valid, at most 77 characters", () => {
    assert.equal(ok("email", " Fulano@Example.COM "), "fulano@example.com");
    assert.match(refused("email", "fulano@"), /E-mail inválido/);
    assert.match(refused("email", "fulano example.com"), /E-mail inválido/);
    assert.match(refused("email", `${"a".repeat(70)}@exemplo.com`), /77/);
  });

  test("random: a UUID, lower-cased", () => {
    assert.equal(ok("random", KEYS.random.typed), KEYS.random.canonical);
    assert.match(refused("random", "71c7d9be4b854e439f1c1f3b8b4e9a2d"), /aleatória/);
  });
});

test("foldToAscii: accents, ordinals and letters without a decomposition", () => {
  assert.equal(foldToAscii("São João  Ação"), "Sao Joao Acao");
  assert.equal(foldToAscii("Straße Æsir Øre 1º"), "Strasse AEsir Ore 1o");
  assert.equal(foldToAscii("Café ☕ bar"), "Cafe bar");
});

test("renderPixQr: a PNG data URL", async () => {
  const url = await renderPixQr(buildPixPayload({ keyType: "cpf", key: "12345678909", ...MERCHANT }));
  assert.match(url, /^data:image\/png;base64,/);
  const png = Buffer.from(url.slice("data:image/png;base64,".length), "base64");
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
});
