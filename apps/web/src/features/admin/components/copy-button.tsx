import { useEffect, useState } from "react";
import { Button, type ButtonProps } from "@/components/ui";
import { toast } from "@/lib/toast";

/** Copies `text` with the Clipboard API, or through a hidden selection where that API is not available. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Not allowed here (an insecure origin, a denied permission): fall back to a selection.
    }
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error("copy failed");
}

/** "Copiar" → "Copiado!" for two seconds. `label` names what is copied for screen readers. */
export function CopyButton({
  text,
  label = "Copiar",
  ...rest
}: { text: string; label?: string } & Omit<ButtonProps, "onClick" | "children">) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <Button
      variant="secondary"
      size="sm"
      {...rest}
      aria-label={label === "Copiar" ? undefined : label}
      onClick={() =>
        copyText(text).then(
          () => setCopied(true),
          () => toast.error("Não foi possível copiar. Selecione o texto e copie manualmente."),
        )
      }
    >
      <span aria-live="polite">{copied ? "Copiado!" : "Copiar"}</span>
    </Button>
  );
}
