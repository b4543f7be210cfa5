import { useId } from "react";
import { CopyButton } from "../copy-button";

/** A read-only code or link with a "Copiar" button ("Copiado!" for 2 s). */
export function CopyField({ label, value, rows = 3 }: { label: string; value: string; rows?: number }) {
  const id = useId();
  return (
    <div className="flex w-full flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-ink-muted">
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
      <CopyButton text={value} className="self-start" />
    </div>
  );
}
