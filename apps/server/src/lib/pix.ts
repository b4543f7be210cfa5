import {
  generatePixPayload,
  getPixPayloadInfo,
  isValidCpf,
  isValidEmail,
  isValidLandlinePhone,
  isValidMobilePhone,
} from "@brazilian-utils/brazilian-utils";
import type { PixKeyType } from "@vitrine/contracts";
import QRCode from "qrcode";
import { badRequest } from "./app-error";

/**
 * Static Pix BR Codes ("Pix copia e cola") built with @brazilian-utils/brazilian-utils, plus what the library leaves
 * to us: each key checked against the type the admin chose (the library guesses the type from the text, and an
 * 11-digit mobile number that is also a valid CPF would become a CPF key), Portuguese messages, a wider accent fold
 * for names and cities, and a read-back of every payload before it leaves this module.
 */

export const PIX_MERCHANT_NAME_MAX = 25;
export const PIX_MERCHANT_CITY_MAX = 15;
/** The DICT's limit for an e-mail key. */
export const PIX_EMAIL_KEY_MAX = 77;
export const PIX_DEFAULT_CITY = "SAO PAULO";
const TXID = /^[A-Za-z0-9]{1,25}$/;
const TXID_ABSENT = "***";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PixKeyCheck = { ok: true; key: string } | { ok: false; message: string };

const MESSAGES = {
  cpfFormat: "CPF inválido: informe os 11 dígitos (ex.: 123.456.789-09)",
  cpfDigits: "CPF inválido: os dígitos verificadores não conferem",
  phone: "Telefone inválido: informe DDD e número do celular (ex.: (11) 99999-0000)",
  landline: "Telefone fixo não pode ser chave PIX: informe um celular com DDD",
  email: "E-mail inválido",
  emailLength: `E-mail muito longo para chave PIX (máximo ${PIX_EMAIL_KEY_MAX} caracteres)`,
  random: "Chave aleatória inválida: use o formato 123e4567-e89b-12d3-a456-426614174000",
};

function checkCpf(raw: string): PixKeyCheck {
  if (!/^[\d.\s-]+$/.test(raw)) return { ok: false, message: MESSAGES.cpfFormat };
  const digits = raw.replace(/\D/g, "");
  if (digits.length !== 11) return { ok: false, message: MESSAGES.cpfFormat };
  return isValidCpf(digits) ? { ok: true, key: digits } : { ok: false, message: MESSAGES.cpfDigits };
}

/** A Brazilian mobile number with DDD, written with or without +55/0055/0, masked or bare → "+55DDNNNNNNNNN". */
function checkPhone(raw: string): PixKeyCheck {
  if (!/^[\d\s()+.-]+$/.test(raw) || raw.lastIndexOf("+") > 0) return { ok: false, message: MESSAGES.phone };
  let digits = raw.replace(/\D/g, "");
  if (raw.startsWith("+")) {
    if (!digits.startsWith("55")) return { ok: false, message: MESSAGES.phone };
    digits = digits.slice(2);
  } else if (digits.startsWith("0055")) {
    digits = digits.slice(4);
  } else if (digits.startsWith("55") && digits.length >= 12) {
    // A national number has at most 11 digits: 12 or 13 starting with 55 carry the country code.
    digits = digits.slice(2);
  } else if (digits.startsWith("0") && (digits.length === 11 || digits.length === 12)) {
    digits = digits.slice(1); // trunk prefix: 0 11 99999-0000
  }
  if (digits.length === 11 && isValidMobilePhone(digits)) return { ok: true, key: `+55${digits}` };
  if (digits.length === 10 && isValidLandlinePhone(digits)) return { ok: false, message: MESSAGES.landline };
  return { ok: false, message: MESSAGES.phone };
}

function checkEmail(raw: string): PixKeyCheck {
  const email = raw.toLowerCase();
  if (email.length > PIX_EMAIL_KEY_MAX) return { ok: false, message: MESSAGES.emailLength };
  return isValidEmail(email) ? { ok: true, key: email } : { ok: false, message: MESSAGES.email };
}

function checkRandom(raw: string): PixKeyCheck {
  return UUID.test(raw) ? { ok: true, key: raw.toLowerCase() } : { ok: false, message: MESSAGES.random };
}

/**
 * Checks a Pix key against its type and returns it as the DICT writes it inside a BR Code: CPF as 11 digits,
 * phone as "+55" + DDD + number (mobile only: the DICT registers mobile numbers), e-mail lower-cased, random key
 * (EVP) as a lower-case UUID.
 */
export function normalizePixKey(type: PixKeyType, raw: string): PixKeyCheck {
  const value = raw.trim();
  switch (type) {
    case "cpf":
      return checkCpf(value);
    case "phone":
      return checkPhone(value);
    case "email":
      return checkEmail(value);
    case "random":
      return checkRandom(value);
  }
}

/** Letters the Unicode decomposition does not split into a base letter and an accent. */
const EXTRA_FOLDS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ø: "o",
  Ø: "O",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  ł: "l",
  Ł: "L",
  þ: "th",
  Þ: "TH",
};

/**
 * Text as printable ASCII for the BR Code: accents dropped ("São João" → "Sao Joao"), compatibility forms unfolded
 * ("1ª" → "1a"), a few letters spelled out ("ß" → "ss"), anything else outside ASCII removed, spaces collapsed.
 */
export function foldToAscii(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[ßæÆœŒøØđĐðÐłŁþÞ]/g, (ch) => EXTRA_FOLDS[ch] ?? "")
    .replace(/\p{M}/gu, "")
    .replace(/\s/g, " ")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** The merchant name field: folded, at most 25 characters. Empty when nothing printable is left. */
export const toMerchantName = (text: string) => foldToAscii(text).slice(0, PIX_MERCHANT_NAME_MAX).trim();
/** The merchant city field: folded, upper-case, at most 15 characters. */
export const toMerchantCity = (text: string) => foldToAscii(text).toUpperCase().slice(0, PIX_MERCHANT_CITY_MAX).trim();

export type PixPayloadInput = {
  keyType: PixKeyType;
  key: string;
  merchantName: string;
  merchantCity: string;
  /** Integer cents; absent or 0 lets the payer type the amount. */
  amountCents?: number;
  /** 1–25 letters and digits; absent or "***" writes the "no txid" marker. */
  txid?: string;
  description?: string;
};

/**
 * A static Pix BR Code. Invalid input (key, names, amount, txid) → 400 with a Portuguese message. The payload is
 * read back before it is returned: a library that wrote anything else than was asked fails loudly here.
 */
export function buildPixPayload(input: PixPayloadInput): string {
  const checked = normalizePixKey(input.keyType, input.key);
  if (!checked.ok) throw badRequest(checked.message);
  const merchantName = toMerchantName(input.merchantName);
  if (!merchantName) throw badRequest("Nome do recebedor inválido para o PIX: configure o nome do site");
  const merchantCity = toMerchantCity(input.merchantCity) || PIX_DEFAULT_CITY;
  const { amountCents } = input;
  if (amountCents !== undefined && (!Number.isSafeInteger(amountCents) || amountCents < 0)) {
    throw badRequest("Valor inválido para o PIX");
  }
  // The library refuses "***" as a txid: it is the marker it writes itself when none is given.
  const txid = input.txid === TXID_ABSENT ? undefined : input.txid;
  if (txid !== undefined && !TXID.test(txid)) {
    throw badRequest("Identificador da transação (txid) inválido: use de 1 a 25 letras ou números");
  }
  const amount = amountCents ? amountCents / 100 : undefined;
  const description = input.description ? foldToAscii(input.description) : "";
  const payload = generatePixPayload({
    key: checked.key,
    merchantName,
    merchantCity,
    amount,
    txid,
    description: description || undefined,
  });
  const info = payload ? getPixPayloadInfo(payload) : null;
  if (
    !payload ||
    !info ||
    info.key !== checked.key ||
    info.amount !== amount ||
    info.txid !== txid ||
    info.merchantName !== merchantName ||
    info.merchantCity !== merchantCity
  ) {
    throw new Error("Pix BR Code could not be built as asked");
  }
  return payload;
}

/** The QR image of a payload as a PNG data URL ("data:image/png;base64,…"). */
export function renderPixQr(payload: string): Promise<string> {
  return QRCode.toDataURL(payload, { type: "image/png", errorCorrectionLevel: "M", margin: 2, width: 320 });
}
