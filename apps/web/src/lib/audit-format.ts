import {
  APPEAL_OUTCOME_LABELS,
  type AppealOutcome,
  DOCUMENT_TYPE_LABELS,
  type DocumentType,
  formatBRL,
  fromCents,
  orderStatusLabel,
  paymentMethodLabel,
  paymentStatusLabel,
  periodLabel,
  MODERATION_ACTION_LABELS,
  type ModerationAction,
  PIX_KEY_TYPE_LABELS,
  type PixKeyType,
} from "@vitrine/contracts";
import { formatDate, formatDateTime } from "./format";

/**
 * An audit entry's `changes` as an admin reads them: each field by its Portuguese name, each value in words
 * (null "—", booleans "sim"/"não", cents and reais as R$, dates and times in São Paulo time, methods, statuses,
 * periods and key types by their labels) and a change { from, to } as "antes → depois".
 */

/** The Portuguese name of each field, in the order an entry lists them (the most telling first). */
const FIELD_LABELS: Record<string, string> = {
  name: "Nome",
  username: "Usuário",
  email: "E-mail",
  notifier: "Notificador confiável",
  notifier_id: "Notificador (nº)",
  kind: "Tipo",
  model_id: "Modelo",
  plan_id: "Plano",
  plan_name: "Nome do plano",
  amount: "Valor",
  amount_cents: "Valor",
  price: "Preço",
  priceCents: "Preço",
  period_type: "Período",
  periodType: "Período",
  method: "Forma de pagamento",
  status: "Situação",
  due_date: "Vencimento",
  next_due_date: "Próximo vencimento",
  model_plan_id: "Plano da modelo",
  is_active: "Ativa",
  is_verified: "Verificada",
  active: "Ativo",
  highlight: "Destaque",
  payment_methods: "Formas de pagamento",
  paymentMethods: "Formas de pagamento",
  key: "Configuração",
  from: "De",
  to: "Para",
  value: "Valor",
  key_type: "Tipo de chave",
  txid: "Identificador (txid)",
  preference_id: "Preferência (Mercado Pago)",
  token_id: "Token",
  expires_at: "Expira em",
  photos: "Fotos apagadas",
  products: "Produtos apagados",
  force: "Forçado",
  unlinked_models: "Modelos desvinculadas",
  unlinked_payments: "Pagamentos desvinculados",
  password_changed: "Senha alterada",
  decision: "Decisão",
  outcome: "Resultado",
  reason: "Motivo",
  photo_id: "Foto",
  verification_id: "Verificação",
  document_type: "Documento",
  birth_date: "Data de nascimento",
  is_appeal: "Recurso",
  frozen: "Congelada",
  banned_identity: "Identidade banida",
  file: "Arquivo",
  items: "Itens",
  legal_hold: "Preservação legal",
  photos_removed: "Fotos removidas",
  false_reports: "Denúncias falsas",
  was_hidden_before_review: "Oculta antes da análise",
};
const FIELD_ORDER = new Map(Object.keys(FIELD_LABELS).map((key, i) => [key, i]));
const fieldRank = (key: string) => FIELD_ORDER.get(key) ?? FIELD_ORDER.size;

/** How the value of each kind of field reads. */
type Reader = (value: unknown) => string | null;
const asText =
  (read: (v: string) => string): Reader =>
  (v) =>
    typeof v === "string" ? read(v) : null;
const asNumber =
  (read: (v: number) => string): Reader =>
  (v) =>
    typeof v === "number" ? read(v) : null;
const asId = asNumber((n) => `#${n}`);
const cents = asNumber((n) => (Number.isSafeInteger(n) ? formatBRL(fromCents(n)) : String(n)));
const reais = asNumber(formatBRL);
const date = asText(formatDate);
const methods: Reader = (v) => (Array.isArray(v) ? v.map((m) => paymentMethodLabel(String(m))).join(", ") : null);
const period = asText(periodLabel);

const READERS: Record<string, Reader> = {
  model_id: asId,
  plan_id: asId,
  model_plan_id: asId,
  token_id: asId,
  amount: reais,
  price: reais,
  amount_cents: cents,
  priceCents: cents,
  method: asText(paymentMethodLabel),
  status: asText(paymentStatusLabel),
  due_date: date,
  next_due_date: date,
  key_type: asText((k) => PIX_KEY_TYPE_LABELS[k as PixKeyType] ?? k),
  period_type: period,
  periodType: period,
  payment_methods: methods,
  paymentMethods: methods,
  photo_id: asId,
  verification_id: asId,
  birth_date: date,
  decision: asText((d) => MODERATION_ACTION_LABELS[d as ModerationAction] ?? d),
  outcome: asText((o) => APPEAL_OUTCOME_LABELS[o as AppealOutcome] ?? o),
  document_type: asText((d) => DOCUMENT_TYPE_LABELS[d as DocumentType] ?? d),
};

/** An ISO timestamp ("2026-11-25T14:05:00.000Z"), as the server writes times. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const MAX_VALUE = 48;
const count = new Intl.NumberFormat("pt-BR");

function formatPlain(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "sim" : "não";
  if (typeof value === "number") return count.format(value);
  if (typeof value === "string") {
    if (value === "") return "(vazio)";
    if (TIMESTAMP.test(value)) return formatDateTime(value);
    return value.length > MAX_VALUE ? `${value.slice(0, MAX_VALUE - 1)}…` : value;
  }
  if (Array.isArray(value)) return value.length ? value.map(formatPlain).join(", ") : "—";
  return JSON.stringify(value);
}

function isChange(value: unknown): value is { from: unknown; to: unknown } {
  return typeof value === "object" && value !== null && "from" in value && "to" in value;
}

/** One value of field `key` in words; a change { from, to } as "antes → depois". */
export function formatAuditValue(key: string, value: unknown, read: Reader | undefined = READERS[key]): string {
  if (isChange(value)) return `${formatAuditValue(key, value.from, read)} → ${formatAuditValue(key, value.to, read)}`;
  if (value === null || value === undefined) return "—";
  return read?.(value) ?? formatPlain(value);
}

/** A field's Portuguese name; an unknown one with its underscores as spaces ("foo_bar" → "foo bar"). */
export function auditFieldLabel(key: string): string {
  return FIELD_LABELS[key] ?? key.replace(/_/g, " ");
}

/**
 * The lines of an entry: [label, value], in FIELD_LABELS order (the database keeps no order); a setting's key by
 * `settingLabel`. An order's status change is stored as { from, to } at the top: it reads
 * as one line, "Situação: Pendente → Pago".
 */
export function auditLines(
  action: string,
  changes: Record<string, unknown>,
  { settingLabel }: { settingLabel?: (key: string) => string | undefined } = {},
): [string, string][] {
  if (action === "order.status" && isChange(changes)) {
    const status = asText(orderStatusLabel);
    return [[auditFieldLabel("status"), formatAuditValue("status", changes, status)]];
  }
  const setting = asText((k) => settingLabel?.(k) ?? k);
  const fields = Object.entries(changes).sort(([a], [b]) => fieldRank(a) - fieldRank(b));
  return fields.map(([key, value]) => [
    auditFieldLabel(key),
    formatAuditValue(key, value, key === "key" ? setting : undefined),
  ]);
}
