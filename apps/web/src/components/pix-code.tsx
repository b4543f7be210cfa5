import { cn } from "@/lib/cn";
import { CopyField } from "./copy-field";

/** qr_code may be a data URL, an absolute URL or bare base64 PNG. */
export function qrImageSrc(qr: string): string {
  if (/^(data:|https?:\/\/|\/)/.test(qr)) return qr;
  return `data:image/png;base64,${qr}`;
}

/** A Pix QR image on a white tile (bank apps read dark modules on light ground only). */
export function PixQrImage({ qr, alt, className }: { qr: string; alt: string; className?: string }) {
  return (
    <img
      src={qrImageSrc(qr)}
      alt={alt}
      width={224}
      height={224}
      className={cn("size-52 rounded-2xl bg-white p-2 shadow-glow sm:size-56", className)}
    />
  );
}

/** The Pix "copia e cola" code in a read-only box that selects itself on focus, with "Copiar" under it. */
export function PixCopyPaste({
  code,
  label = "Pix copia e cola",
  rows = 4,
}: {
  code: string;
  label?: string;
  rows?: number;
}) {
  return <CopyField label={label} value={code} rows={rows} copyLabel="Copiar código Pix" />;
}
