import type { AdminModel } from "@vitrine/contracts";
import { Badge, Table, type TableColumn } from "@/components/ui";
import { formatPhone } from "@/features/admin/lib/format-phone";
import { formatDate } from "@/lib/format";
import { RowMenu, type RowMenuItem } from "../row-menu";
import { Switch } from "../switch";

/** What a row's menu and switches can ask the page to do. */
export type ModelAction = "details" | "direct-login" | "payment-link" | "pix" | "whatsapp" | "delete";

export type ModelsTableProps = {
  models: AdminModel[];
  loading?: boolean;
  /** Today in São Paulo ("YYYY-MM-DD"), to mark due dates that have passed. */
  today: string;
  /** Rows whose status is being saved (switches show busy). */
  pendingIds: ReadonlySet<number>;
  onToggle: (model: AdminModel, field: "is_active" | "is_verified", value: boolean) => void;
  onAction: (model: AdminModel, action: ModelAction) => void;
};

const MENU: { action: ModelAction; label: string; danger?: boolean; icon: string }[] = [
  {
    action: "details",
    label: "Detalhes",
    icon: "M3 10s2.5-5 7-5 7 5 7 5-2.5 5-7 5-7-5-7-5Zm7 2a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z",
  },
  { action: "direct-login", label: "Login Direto", icon: "M8 5H5v10h3m3-8 3 3-3 3m3-3H8" },
  {
    action: "payment-link",
    label: "Gerar link de pagamento",
    icon: "M8.5 11.5a3 3 0 0 0 4.2 0l2.1-2.1a3 3 0 0 0-4.2-4.2l-.7.7m-.4 3.6a3 3 0 0 0-4.2 0l-2.1 2.1a3 3 0 0 0 4.2 4.2l.7-.7",
  },
  { action: "pix", label: "Gerar PIX (EMV)", icon: "M4 4h5v5H4zm7 0h5v5h-5zM4 11h5v5H4zm8 1h1m2 0h1m-4 3h4" },
  { action: "whatsapp", label: "WhatsApp", icon: "M4 16l1-3.5A6.5 6.5 0 1 1 7.5 15Z" },
  { action: "delete", label: "Excluir", danger: true, icon: "M5 6h10m-8 0V4.5h6V6m-7 0 .7 10h6.6L14 6" },
];

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.6">
      <path d={d} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The models table: name, e-mail, WhatsApp, city, category, due date (dd/mm/aaaa, red once passed), the Ativa and
 * Verificada switches and the row's action menu. Scrolls sideways inside its card on phones.
 */
export function ModelsTable({ models, loading, today, pendingIds, onToggle, onAction }: ModelsTableProps) {
  const columns: TableColumn<AdminModel>[] = [
    {
      key: "name",
      header: "Nome",
      render: (m) => (
        <div className="min-w-40">
          <p className="font-medium text-ink">{m.name}</p>
          <p className="text-xs text-ink-subtle">@{m.username}</p>
          {m.is_paused && (
            <Badge variant="warning" className="mt-1">
              Pausado
            </Badge>
          )}
        </div>
      ),
    },
    {
      key: "email",
      header: "E-mail",
      render: (m) => (
        <span title={m.email} className="block max-w-40 truncate text-ink-muted">
          {m.email}
        </span>
      ),
    },
    {
      key: "whatsapp",
      header: "WhatsApp",
      render: (m) => <span className="whitespace-nowrap text-ink-muted tabular-nums">{formatPhone(m.whatsapp)}</span>,
    },
    {
      key: "city",
      header: "Cidade",
      render: (m) => (
        <span className="whitespace-nowrap">
          {m.city_name}/{m.state}
        </span>
      ),
    },
    { key: "category", header: "Categoria", render: (m) => m.category_name ?? "—" },
    {
      key: "due",
      header: "Vencimento",
      render: (m) => <DueDate date={m.next_due_date} today={today} />,
    },
    {
      key: "active",
      header: "Ativa",
      align: "center",
      render: (m) => (
        <Switch
          checked={m.is_active}
          label={`Ativa: ${m.name}`}
          pending={pendingIds.has(m.id)}
          onCheckedChange={(on) => onToggle(m, "is_active", on)}
        />
      ),
    },
    {
      key: "verified",
      header: "Verificada",
      align: "center",
      render: (m) => (
        <Switch
          checked={m.is_verified}
          label={`Verificada: ${m.name}`}
          pending={pendingIds.has(m.id)}
          onCheckedChange={(on) => onToggle(m, "is_verified", on)}
        />
      ),
    },
    {
      key: "actions",
      header: <span className="sr-only">Ações</span>,
      align: "right",
      // Pinned to the right edge: the actions stay in reach while the table scrolls sideways.
      className:
        "sticky right-0 bg-surface shadow-[-10px_0_12px_-10px_rgb(0_0_0/0.8)] [th&]:bg-[color-mix(in_srgb,var(--color-surface-2)_60%,var(--color-surface))] [tr:hover_&]:bg-surface-2",
      render: (m) => (
        <RowMenu
          label={`Ações: ${m.name}`}
          items={MENU.map((item): RowMenuItem => ({
            key: item.action,
            label: item.label,
            danger: item.danger,
            icon: <Icon d={item.icon} />,
            disabled: item.action === "whatsapp" && !m.whatsapp,
            onSelect: () => onAction(m, item.action),
          }))}
        />
      ),
    },
  ];
  return (
    <Table
      caption="Modelos"
      columns={columns}
      rows={models}
      getRowKey={(m) => m.id}
      loading={loading}
      emptyText="Nenhuma modelo encontrada com esses filtros."
      className="[&_table]:min-w-[1060px] [&_td]:px-3 [&_th]:px-3"
    />
  );
}

function DueDate({ date, today }: { date: string | null; today: string }) {
  if (!date) return <Badge variant="warning">Sem pagamento</Badge>;
  const overdue = date <= today;
  return (
    <span className={overdue ? "font-medium whitespace-nowrap text-danger" : "whitespace-nowrap tabular-nums"}>
      {formatDate(date)}
      {overdue && <span className="sr-only"> (vencido)</span>}
    </span>
  );
}
