import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminOrderResponse, AdminOrderStatusBody } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** PATCH /api/admin/orders/{id}/status { status: "paid" | "cancelled" }: confirms or cancels a manual Pix order. */
export function setOrderStatus({ id, status }: { id: number } & AdminOrderStatusBody): Promise<AdminOrderResponse> {
  return api.patch<AdminOrderResponse>(apiPaths.admin.orderStatus(id), { status });
}

export function useSetOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOrderStatus,
    // Revenue and order counts change too: the dashboard's and the statistics' figures are refreshed.
    onSettled: () =>
      Promise.all(
        [adminKeys.orders(), adminKeys.dashboard(), [...adminKeys.all(), "stats"]].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
