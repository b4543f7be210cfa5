import {
  EmailSchema,
  isSecretSetting,
  PIX_KEY_TYPES,
  type PixKeyType,
  TWO_FACTOR_REQUIRED_SETTING,
} from "@vitrine/contracts";
import { foldToAscii, normalizePixKey, PIX_MERCHANT_CITY_MAX } from "../../lib/pix";
import { AUTO_HIDE_REPORTERS_MAX, AUTO_HIDE_REPORTERS_MIN, AUTO_HIDE_SETTING } from "../moderation/service";

/** A checked setting value, as it is stored, or what is wrong with it (shown under the field). */
export type SettingCheck = { ok: true; value: string } | { ok: false; message: string };

const SITE_NAME_MAX = 80;
const ok = (value: string): SettingCheck => ({ ok: true, value });
const fail = (message: string): SettingCheck => ({ ok: false, message });

const PIX_SETTING_TYPES: Record<string, PixKeyType> = Object.fromEntries(
  PIX_KEY_TYPES.map((type) => [`pix_${type}`, type]),
);

function checkEmail(value: string): SettingCheck {
  if (!value) return ok("");
  const parsed = EmailSchema.safeParse(value);
  return parsed.success ? ok(parsed.data) : fail(parsed.error.issues[0]?.message ?? "E-mail inválido");
}

/** An http(s) address without a trailing slash (paths such as /api/payments/webhook are appended to it). */
function checkUrl(value: string): SettingCheck {
  if (!value) return ok("");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail("Endereço inválido: use http:// ou https:// (ex.: https://meusite.com.br)");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return fail("Endereço inválido: use http:// ou https:// (ex.: https://meusite.com.br)");
  }
  return ok(value.replace(/\/+$/, ""));
}

function checkChoice(value: string, choices: readonly string[], message: string): SettingCheck {
  return choices.includes(value) ? ok(value) : fail(message);
}

/** The BR Code holds at most 15 ASCII characters for the city: stored folded and upper-case ("SAO PAULO"). */
function checkMerchantCity(value: string): SettingCheck {
  if (!value) return ok("");
  const folded = foldToAscii(value).toUpperCase();
  if (!folded) return fail("Cidade inválida: use letras sem símbolos (ex.: SAO PAULO)");
  if (folded.length > PIX_MERCHANT_CITY_MAX)
    return fail(`Cidade do PIX: no máximo ${PIX_MERCHANT_CITY_MAX} caracteres`);
  return ok(folded);
}

/**
 * Checks the value of a setting by its key and returns it as stored: Pix keys as the DICT writes them (empty: not
 * configured), e-mails lower-cased, URLs without a trailing slash, the Pix city folded. Secrets are write-only: an
 * empty value clears them, and their masked form ("••••1234") is never taken for a new value. Other keys are free
 * text.
 */
export function checkSettingValue(key: string, raw: string): SettingCheck {
  const value = raw.trim();
  if (isSecretSetting(key)) {
    return value.includes("•") ? fail("Digite o novo valor completo: o valor mascarado não é aceito") : ok(value);
  }
  const pixType = PIX_SETTING_TYPES[key];
  if (pixType) {
    if (!value) return ok("");
    const checked = normalizePixKey(pixType, value);
    return checked.ok ? ok(checked.key) : fail(checked.message);
  }
  switch (key) {
    case "admin_email":
    case "support_email":
      return checkEmail(value);
    case "site_url":
    case "backend_url":
      return checkUrl(value);
    case "mp_environment":
      return checkChoice(value, ["sandbox", "production"], "Use sandbox ou production");
    case "auto_release_on_approved":
    case "mp_binary_mode":
    case TWO_FACTOR_REQUIRED_SETTING:
      return checkChoice(value, ["true", "false"], "Use true ou false");
    case "pix_merchant_city":
      return checkMerchantCity(value);
    case AUTO_HIDE_SETTING:
      return /^\d{1,2}$/.test(value) &&
        Number(value) >= AUTO_HIDE_REPORTERS_MIN &&
        Number(value) <= AUTO_HIDE_REPORTERS_MAX
        ? ok(String(Number(value)))
        : fail(`Use um número inteiro de ${AUTO_HIDE_REPORTERS_MIN} a ${AUTO_HIDE_REPORTERS_MAX}`);
    case "site_name":
      if (!value) return fail("Nome do site é obrigatório");
      return value.length > SITE_NAME_MAX ? fail(`Nome do site: no máximo ${SITE_NAME_MAX} caracteres`) : ok(value);
    default:
      return ok(value);
  }
}
