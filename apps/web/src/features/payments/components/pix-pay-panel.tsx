import { formatBRL } from "@vitrine/contracts";
import type { ReactNode } from "react";
import { useEffect, useRef } from "react";
import { PixQrImage } from "@/components/pix-code";

/**
 * The frame of a renewal paid by Pix: the "Pague com Pix" heading (focused when the panel appears, and again when
 * `focusKey` changes), the QR image, then what the caller adds (amount, code, instructions).
 */
export function PixPayPanel({
  state,
  qr,
  amount,
  focusKey,
  children,
}: {
  /** data-pix-state, read by the browser tests. */
  state: string;
  qr: string | null | undefined;
  amount: number;
  focusKey?: unknown;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => headingRef.current?.focus(), [focusKey]);
  return (
    <div
      data-pix-state={state}
      className="mt-5 flex flex-col items-center gap-4 rounded-2xl border border-line bg-surface-2 p-5 text-center"
    >
      <p ref={headingRef} tabIndex={-1} className="font-display text-xl font-semibold text-ink outline-none">
        Pague com Pix
      </p>
      {qr && <PixQrImage qr={qr} alt={`QR Code PIX de ${formatBRL(amount)}`} />}
      {children}
    </div>
  );
}
