import type { AdminGeneratePixResponse, PixQrResponse } from "@vitrine/contracts";
import { fromCents } from "../../lib/money";

/** A static Pix QR: the image as a PNG data URL, the "copia e cola" code, the key it pays and the amount in reais. */
export function presentPixQr(qr: {
  payload: string;
  qrCode: string;
  key: string;
  amountCents: number | null;
  description: string;
}): PixQrResponse {
  return {
    qr_code: qr.qrCode,
    qr_code_data: qr.payload,
    pix_key: qr.key,
    amount: qr.amountCents === null ? null : fromCents(qr.amountCents),
    description: qr.description,
  };
}

export function presentModelPix(pix: {
  payload: string;
  qr: string;
  txid: string;
  paymentId: number;
}): AdminGeneratePixResponse {
  return { payload: pix.payload, qr: pix.qr, txid: pix.txid, payment_id: pix.paymentId };
}
