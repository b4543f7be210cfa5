import { useEffect, useState } from "react";
import { Button, type ButtonProps } from "@/components/ui";
import { copyText } from "@/lib/clipboard";
import { toast } from "@/lib/toast";

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
