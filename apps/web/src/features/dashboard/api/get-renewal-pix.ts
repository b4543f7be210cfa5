import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

export type RenewalPix = { qr_code?: string | null; qr_code_data?: string | null };

/** GET /api/payments/pix/qrcode/random?amount&description (SPEC §7): a Pix QR image and its copy code. */
export function getRenewalPix(input: { amount: number; description: string }): Promise<RenewalPix> {
  return api.get<RenewalPix>(apiPaths.payments.pixQrRandom, { query: input });
}

export function useRenewalPix() {
  return useMutation({ mutationFn: getRenewalPix });
}
