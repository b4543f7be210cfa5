import { useMutation } from "@tanstack/react-query";
import type { PixKeyType, PixQrResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

export type StaticPixRequest = { keyType: PixKeyType; amount?: string; description: string };

/**
 * GET /api/payments/pix/qrcode/{keyType}?amount&description: a static Pix code for one of the site's keys, with
 * its QR image (PNG data URL). A key that is not configured is refused with PIX_KEY_MISSING.
 */
export function getStaticPix({ keyType, amount, description }: StaticPixRequest): Promise<PixQrResponse> {
  return api.get<PixQrResponse>(apiPaths.payments.pixQr(keyType), { query: { amount, description } });
}

/** A mutation, not a query: each click on "Gerar QRCode" asks again (the keys may have changed meanwhile). */
export function useGenerateStaticPix() {
  return useMutation({ mutationFn: getStaticPix });
}
