import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminBoostProductsResponse,
  AdminBoostResponse,
  AdminBoostsResponse,
  BuyBoostBody,
  BuyBoostCheckoutResponse,
  BuyBoostPixResponse,
  OwnBoostsResponse,
  UpdateBoostProductBody,
} from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

/** Paid boosts (decision 079): hers, buying one by Pix, and the admin's queue and products. */
export const boostKeys = {
  all: ["boosts"] as const,
  own: () => [...boostKeys.all, "own"] as const,
  admin: (view: "queue" | "all") => [...boostKeys.all, "admin", view] as const,
  products: () => [...boostKeys.all, "products"] as const,
};

/** GET /api/models/boosts: the products on sale and her boosts (re-read every 15 s while one is waiting). */
export function useOwnBoosts() {
  return useQuery({
    queryKey: boostKeys.own(),
    queryFn: () => api.get<OwnBoostsResponse>(apiPaths.boosts.own),
    refetchInterval: (query) =>
      query.state.data?.boosts.some((b) => ["pending_payment", "awaiting_review", "paused"].includes(b.phase))
        ? 15_000
        : false,
  });
}

/** POST /api/models/boosts/pix: a Mercado Pago Pix for one product. */
export function useBuyBoostPix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BuyBoostBody) => api.post<BuyBoostPixResponse>(apiPaths.boosts.pix, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boostKeys.own() }),
  });
}

/** POST /api/models/boosts/checkout: a Checkout Pro link (card, or Pix there) for one product. */
export function useBuyBoostCheckout() {
  return useMutation({
    mutationFn: (body: BuyBoostBody) => api.post<BuyBoostCheckoutResponse>(apiPaths.boosts.checkout, body),
  });
}

/** GET /api/admin/boosts: the review queue (oldest first) or every boost. */
export function useAdminBoosts(view: "queue" | "all") {
  return useQuery({
    queryKey: boostKeys.admin(view),
    queryFn: () => api.get<AdminBoostsResponse>(`${apiPaths.boosts.admin}?view=${view}`),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

export function useDecideBoost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number } & ({ snapshot_hash: string } | { reason: string })) =>
      "snapshot_hash" in input
        ? api.post<AdminBoostResponse>(apiPaths.boosts.approve(input.id), { snapshot_hash: input.snapshot_hash })
        : api.post<AdminBoostResponse>(apiPaths.boosts.reject(input.id), { reason: input.reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: boostKeys.all }),
  });
}

export function useBoostProducts() {
  return useQuery({
    queryKey: boostKeys.products(),
    queryFn: () => api.get<AdminBoostProductsResponse>(apiPaths.boosts.products),
  });
}

export function useUpdateBoostProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateBoostProductBody }) =>
      api.patch(apiPaths.boosts.product(id), body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: boostKeys.products() }),
  });
}
