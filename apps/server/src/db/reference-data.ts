import { readFileSync } from "node:fs";
import path from "node:path";
import {
  AUTO_HIDE_REPORTERS_DEFAULT,
  AUTO_HIDE_SETTING,
  citySlug,
  DEFAULT_FOOTER_DISCLAIMER,
  normalizeText,
} from "@vitrine/contracts";
import { count, sql } from "drizzle-orm";
import { serverRoot } from "../lib/server-root";
import type { Db } from "./client";
import { categories, estados, municipios, settings } from "./schema";

const referenceDir = path.join(serverRoot, "src", "db", "reference");

/** Minimal RFC 4180 reader: the IBGE files are quoted only where needed. */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let field = "";
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else if (ch !== "\r") field += ch;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  const [header, ...body] = rows;
  return body.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ""])));
}

function readCsv(file: string) {
  return parseCsv(readFileSync(path.join(referenceDir, file), "utf8"));
}

export const DEFAULT_CATEGORIES = ["Acompanhantes", "Massagistas", "Trans", "Casais", "Homens", "Conteúdo Online"];

/** Every known setting with its starting value; existing values are never overwritten. */
export function defaultSettings(adminEmail: string | undefined): Record<string, string> {
  return {
    admin_email: adminEmail ?? "",
    site_name: "Vitrine",
    site_description: "Diretório de anúncios para maiores de 18 anos, organizado por cidade.",
    site_url: "",
    support_email: "",
    support_phone: "",
    footer_disclaimer: DEFAULT_FOOTER_DISCLAIMER,
    pix_cpf: "",
    pix_phone: "",
    pix_email: "",
    pix_random: "",
    // Pix BR Code field 60 (merchant city): at most 15 characters, no accents.
    pix_merchant_city: "SAO PAULO",
    mp_environment: "sandbox",
    mp_access_token_prod: "",
    mp_access_token_test: "",
    mp_public_key_prod: "",
    mp_public_key_test: "",
    mp_access_token: "",
    mp_public_key: "",
    auto_release_on_approved: "true",
    mp_binary_mode: "true",
    mp_webhook_secret: "",
    backend_url: "",
    // How many distinct visitors' reports hide an item before any human looks (Admin > Configurações > Moderação).
    [AUTO_HIDE_SETTING]: String(AUTO_HIDE_REPORTERS_DEFAULT),
  };
}

/** Loads estados, municipios, categories and settings defaults. Safe to run at every start. */
export async function loadReferenceData(db: Db, opts: { adminEmail?: string } = {}): Promise<void> {
  const estadoRows = readCsv("estados.csv");
  const municipioRows = readCsv("municipios.csv");
  const ufByCode = new Map(estadoRows.map((e) => [e.ibge_code, e.uf]));

  const [{ value: municipioCount }] = await db.select({ value: count() }).from(municipios);
  if (municipioCount !== municipioRows.length) {
    await db.transaction(async (tx) => {
      await tx
        .insert(estados)
        .values(estadoRows.map((e) => ({ id: Number(e.ibge_code), uf: e.uf, nome: e.name, region: e.region })))
        .onConflictDoUpdate({
          target: estados.id,
          set: { uf: sql`excluded.uf`, nome: sql`excluded.nome`, region: sql`excluded.region` },
        });
      const values = municipioRows.map((m) => ({
        id: Number(m.ibge_code),
        estadoId: Number(m.state_ibge_code),
        nome: m.name,
        slug: citySlug(m.name, ufByCode.get(m.state_ibge_code) ?? m.uf),
        searchName: normalizeText(m.name),
        isCapital: m.capital === "true",
      }));
      for (let i = 0; i < values.length; i += 1000) {
        await tx
          .insert(municipios)
          .values(values.slice(i, i + 1000))
          .onConflictDoUpdate({
            target: municipios.id,
            set: {
              nome: sql`excluded.nome`,
              slug: sql`excluded.slug`,
              searchName: sql`excluded.search_name`,
              isCapital: sql`excluded.is_capital`,
            },
          });
      }
    });
  }

  await db
    .insert(categories)
    .values(DEFAULT_CATEGORIES.map((name, i) => ({ name, sortOrder: i })))
    .onConflictDoNothing();

  await db
    .insert(settings)
    .values(
      Object.entries(defaultSettings(opts.adminEmail)).map(([settingKey, settingValue]) => ({
        settingKey,
        settingValue,
      })),
    )
    .onConflictDoNothing();
}
