import { useMutation } from "@tanstack/react-query";
import type { PixQrCodeResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

/** GET /api/payments/pix/qrcode/random?amount&description: a Pix QR image and its copy code. */
export function getRenewalPix(input: { amount: number; description: string }): Promise<PixQrCodeResponse> {
  return api.get<PixQrCodeResponse>(apiPaths.payments.pixQrRandom, { query: input });
}

export function useRenewalPix() {
  return useMutation({ mutationFn: getRenewalPix });
}
