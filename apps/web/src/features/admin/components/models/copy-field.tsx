import { useId, useState } from "react";
import { Button } from "@/components/ui";
import { copyText } from "@/lib/clipboard";
import { toast } from "@/lib/toast";

/** A read-only code or link with a "Copiar" button ("Copiado!" for 2 s). */
export function CopyField({ label, value, rows = 3 }: { label: string; value: string; rows?: number }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await copyText(value);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error("Não foi possível copiar. Selecione o texto e copie manualmente.");
    }
  }
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
      <Button variant="secondary" size="sm" onClick={copy} className="self-start">
        <span aria-live="polite">{copied ? "Copiado!" : "Copiar"}</span>
      </Button>
    </div>
  );
}
