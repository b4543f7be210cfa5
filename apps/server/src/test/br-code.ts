import assert from "node:assert/strict";

/**
 * A strict Pix BR Code checker written from the Banco Central's field table, independent of the library that
 * builds our payloads: it parses the TLV fields itself, recomputes the CRC and checks every field's format.
 */

/** CRC16-CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

type Field = { id: string; value: string };

/** Splits TLV text into its fields: two-digit id, two-digit length, value; fails on any malformed piece. */
export function parseTlv(text: string): Field[] {
  const fields: Field[] = [];
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const len = text.slice(at + 2, at + 4);
    assert.match(id, /^\d{2}$/, `field id at ${at} in ${text}`);
    assert.match(len, /^\d{2}$/, `field length at ${at} in ${text}`);
    const value = text.slice(at + 4, at + 4 + Number(len));
    assert.equal(value.length, Number(len), `field ${id} is shorter than its length`);
    fields.push({ id, value });
    at += 4 + Number(len);
  }
  const ids = fields.map((f) => f.id);
  assert.deepEqual(ids, [...ids].sort(), `fields in ascending order: ${ids.join(",")}`);
  assert.equal(new Set(ids).size, ids.length, `no repeated field: ${ids.join(",")}`);
  return fields;
}

export type BrCode = {
  key: string;
  description?: string;
  amount?: string;
  merchantName: string;
  merchantCity: string;
  txid: string;
};

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/** Checks a payload field by field and returns what it says; any departure from the BR Code rules fails. */
export function checkBrCode(payload: string): BrCode {
  assert.match(payload, /^[\x20-\x7e]+$/, "payload is printable ASCII");
  assert.ok(payload.length <= 512, "payload at most 512 characters");
  const fields = parseTlv(payload);
  const byId = new Map(fields.map((f) => [f.id, f.value]));
  assert.deepEqual(
    fields.map((f) => f.id).filter((id) => !["00", "26", "52", "53", "54", "58", "59", "60", "62", "63"].includes(id)),
    [],
    "only the static-code fields",
  );

  assert.equal(fields[0].id, "00");
  assert.equal(fields[0].value, "01", "payload format indicator");
  const crc = fields.at(-1)!;
  assert.equal(crc.id, "63", "CRC is the last field");
  assert.match(crc.value, /^[0-9A-F]{4}$/, "CRC is four upper-case hex digits");
  assert.equal(crc.value, crc16CcittFalse(payload.slice(0, -4)), "CRC16-CCITT-FALSE over everything before it");

  const account = parseTlv(byId.get("26") ?? "");
  assert.ok((byId.get("26") ?? "").length <= 99);
  const accountById = new Map(account.map((f) => [f.id, f.value]));
  assert.equal(accountById.get("00"), "br.gov.bcb.pix", "GUI");
  const key = accountById.get("01");
  assert.ok(key && key.length <= 77, "key present, at most 77 characters");
  const description = accountById.get("02");
  if (description !== undefined) assert.match(description, PRINTABLE_ASCII, "description is ASCII");

  assert.equal(byId.get("52"), "0000", "merchant category code");
  assert.equal(byId.get("53"), "986", "currency BRL");
  const amount = byId.get("54");
  if (amount !== undefined) {
    assert.match(amount, /^\d+\.\d{2}$/, "amount with exactly two decimals");
    assert.ok(amount.length <= 13, "amount at most 13 characters");
    assert.ok(Number(amount) > 0, "amount above zero");
  }
  assert.equal(byId.get("58"), "BR", "country");
  const merchantName = byId.get("59") ?? "";
  assert.match(merchantName, PRINTABLE_ASCII, "merchant name is ASCII");
  assert.ok(merchantName.length >= 1 && merchantName.length <= 25, "merchant name 1–25");
  const merchantCity = byId.get("60") ?? "";
  assert.match(merchantCity, PRINTABLE_ASCII, "merchant city is ASCII");
  assert.ok(merchantCity.length >= 1 && merchantCity.length <= 15, "merchant city 1–15");
  const additional = new Map(parseTlv(byId.get("62") ?? "").map((f) => [f.id, f.value]));
  const txid = additional.get("05") ?? "";
  assert.match(txid, /^(?:[A-Za-z0-9]{1,25}|\*\*\*)$/, "txid 1–25 letters and digits, or ***");
  return { key, description, amount, merchantName, merchantCity, txid };
}
