import { formatBRL, PIX_KEY_TYPE_LABELS, type PixKeyType, type PixQrResponse } from "@vitrine/contracts";
import { type ReactNode, useId } from "react";
import { Button, Card } from "@/components/ui";
import { saveFile } from "@/lib/download";
import { CopyButton } from "@/components/copy-button";
import { ErrorAlert } from "@/components/error-alert";

export type StaticPixOutcome =
  { kind: "empty" } | { kind: "error"; message: string } | { kind: "done"; keyType: PixKeyType; pix: PixQrResponse };

/** The PNG's file name: the key type and the moment it was saved, e.g. "pix-cpf-1747230000000.png". */
export const qrFileName = (keyType: PixKeyType, now = Date.now()) => `pix-${keyType}-${now}.png`;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs tracking-wide text-ink-subtle uppercase">{label}</dt>
      <dd className="mt-0.5 break-all text-ink">{children}</dd>
    </div>
  );
}

/** The generated code: QR image, key, amount, description, the "copia e cola" text and the PNG download. */
export function StaticPixResult({ outcome }: { outcome: StaticPixOutcome }) {
  const codeId = useId();

  if (outcome.kind === "error") {
    return (
      <Card title="Resultado">
        <ErrorAlert>{outcome.message}</ErrorAlert>
      </Card>
    );
  }

  if (outcome.kind === "empty") {
    return (
      <Card title="Resultado">
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line-strong px-6 py-12 text-center">
          <p className="font-display text-xl text-ink">Nenhum QR Code gerado</p>
          <p className="max-w-sm text-sm text-ink-muted">
            Escolha a chave, informe o valor se quiser e gere o QR Code ao lado.
          </p>
        </div>
      </Card>
    );
  }

  const { keyType, pix } = outcome;
  return (
    <Card title="Resultado" description={`Chave ${PIX_KEY_TYPE_LABELS[keyType]}`}>
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <img
          src={pix.qr_code}
          alt="QR Code PIX"
          width={224}
          height={224}
          className="size-56 shrink-0 self-center rounded-2xl bg-white p-3"
        />
        <dl className="grid min-w-0 flex-1 gap-4 text-sm">
          <Detail label="Chave PIX">{pix.pix_key}</Detail>
          <Detail label="Valor">{pix.amount === null ? "Livre (quem paga informa)" : formatBRL(pix.amount)}</Detail>
          <Detail label="Descrição">{pix.description}</Detail>
        </dl>
      </div>
      <div className="mt-6 flex flex-col gap-2">
        <label htmlFor={codeId} className="text-sm font-medium text-ink-muted">
          Código PIX (copia e cola)
        </label>
        <textarea
          id={codeId}
          readOnly
          rows={3}
          value={pix.qr_code_data}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full resize-none rounded-xl border border-line bg-surface-3/60 px-4 py-3 font-mono text-xs break-all text-ink"
        />
        <div className="flex flex-wrap gap-2">
          <CopyButton text={pix.qr_code_data} label="Copiar código PIX" />
          <Button size="sm" onClick={() => saveFile(pix.qr_code, qrFileName(keyType))}>
            Baixar QRCode
          </Button>
        </div>
      </div>
    </Card>
  );
}
