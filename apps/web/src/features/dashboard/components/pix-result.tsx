import { formatBRL, type PixQrCodeResponse } from "@vitrine/contracts";
import { useState } from "react";
import { Button } from "@/components/ui";
import { toast } from "@/lib/toast";
import { qrImageSrc } from "./renewal-plan";

/** The Pix QR of a renewal with its copy-and-paste code. */
export function PixResult({ pix, amount }: { pix: PixQrCodeResponse; amount: number }) {
  const [copied, setCopied] = useState(false);
  const code = pix.qr_code_data ?? "";

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error("Não foi possível copiar. Selecione o código e copie manualmente.");
    }
  }

  return (
    <div className="mt-5 flex flex-col items-center gap-4 rounded-2xl border border-line bg-surface-2 p-5 text-center">
      {pix.qr_code && (
        <img
          src={qrImageSrc(pix.qr_code)}
          alt="QR Code PIX"
          className="size-52 rounded-xl bg-white p-2"
          width={208}
          height={208}
        />
      )}
      <p className="text-sm text-ink-muted">
        Valor: <span className="font-semibold text-ink">{formatBRL(amount)}</span>
      </p>
      {code && (
        <div className="flex w-full flex-col gap-2">
          <label htmlFor="renewal-pix-code" className="text-left text-xs text-ink-subtle">
            Pix copia e cola
          </label>
          <textarea
            id="renewal-pix-code"
            readOnly
            rows={3}
            value={code}
            onFocus={(e) => e.currentTarget.select()}
            className="w-full resize-none rounded-xl border border-line bg-surface px-3 py-2 font-mono text-xs break-all text-ink-muted"
          />
          <Button variant="secondary" size="sm" onClick={copy} className="self-center">
            {copied ? "Copiado!" : "Copiar"}
          </Button>
        </div>
      )}
    </div>
  );
}
