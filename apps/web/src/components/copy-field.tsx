import { useId } from "react";
import { CopyButton } from "@/components/copy-button";

/** A read-only code or link with a "Copiar" button ("Copiado!" for 2 s); `copyLabel` names the button for screen readers. */
export function CopyField({
  label,
  value,
  rows = 3,
  copyLabel,
}: {
  label: string;
  value: string;
  rows?: number;
  copyLabel?: string;
}) {
  const id = useId();
  return (
    <div className="flex w-full flex-col gap-2">
      <label htmlFor={id} className="text-left text-sm font-medium text-ink-muted">
        {label}
      </label>
      <textarea
        id={id}
        readOnly
        rows={rows}
        value={value}
        onFocus={(e) => e.currentTarget.select()}
        className="w-full resize-none rounded-xl border border-line bg-surface-2 px-3 py-2 font-mono text-xs break-all text-ink-muted"
      />
      <CopyButton text={value} label={copyLabel} className="self-start" />
    </div>
  );
}
