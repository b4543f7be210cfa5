import { auditLines } from "@/lib/audit-format";
import { SETTING_SECTIONS } from "@/features/admin/components/settings/setting-fields";

const MAX_ENTRIES = 4;
const SETTING_LABELS = new Map(SETTING_SECTIONS.flatMap((s) => s.fields.map((f) => [f.key, f.label] as const)));
const settingLabel = (key: string) => SETTING_LABELS.get(key);

/**
 * What an audit entry changed, compactly and in words (see auditLines): up to four "Campo: valor" lines ("+2"
 * for the rest); every line is in the tooltip.
 */
export function AuditChanges({ action, changes }: { action: string; changes: Record<string, unknown> }) {
  const lines = auditLines(action, changes, { settingLabel });
  if (lines.length === 0) return <span className="text-ink-subtle">—</span>;
  return (
    <ul
      title={lines.map(([label, value]) => `${label}: ${value}`).join("\n")}
      className="flex max-w-xs flex-col gap-0.5 text-xs"
    >
      {lines.slice(0, MAX_ENTRIES).map(([label, value], i) => (
        <li key={i} className="truncate">
          <span className="text-ink-subtle">{label}:</span> <span className="text-ink">{value}</span>
        </li>
      ))}
      {lines.length > MAX_ENTRIES && <li className="text-ink-subtle">+{lines.length - MAX_ENTRIES}</li>}
    </ul>
  );
}
