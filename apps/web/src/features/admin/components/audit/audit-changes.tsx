const MAX_ENTRIES = 4;
const MAX_VALUE = 48;

/** One value in a line: text as it is, anything else as JSON, cut at MAX_VALUE characters. */
function formatValue(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  if (text === undefined) return "—";
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/**
 * What an audit entry changed, compactly: up to four "field: value" lines ("+2" for the rest); the whole JSON is
 * in the tooltip.
 */
export function AuditChanges({ changes }: { changes: Record<string, unknown> }) {
  const entries = Object.entries(changes);
  if (entries.length === 0) return <span className="text-ink-subtle">—</span>;
  const shown = entries.slice(0, MAX_ENTRIES);
  return (
    <ul title={JSON.stringify(changes, null, 2)} className="flex max-w-xs flex-col gap-0.5 font-mono text-xs">
      {shown.map(([key, value]) => (
        <li key={key} className="truncate">
          <span className="text-ink-subtle">{key}:</span> <span className="text-ink">{formatValue(value)}</span>
        </li>
      ))}
      {entries.length > MAX_ENTRIES && <li className="text-ink-subtle">+{entries.length - MAX_ENTRIES}</li>}
    </ul>
  );
}
