import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OwnTourResponse, OwnToursResponse, Success, TourBody } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { queryScope } from "@/lib/query-keys";

/** GET /api/models/tours: her tours not ended (private, as her profile). */
export const tourKeys = { own: () => queryScope("me", "tours") };

export function useOwnTours() {
  return useQuery({
    queryKey: tourKeys.own(),
    queryFn: () => api.get<OwnToursResponse>(apiPaths.models.tours),
  });
}

/** POST /api/models/tours: another city for a range of days; her list is read again after it. */
export function useAddTour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TourBody) => api.post<OwnTourResponse>(apiPaths.models.tours, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tourKeys.own() }),
  });
}

/** DELETE /api/models/tours/:id: an upcoming tour is cancelled, one under way ends at once. */
export function useRemoveTour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<Success>(apiPaths.models.tour(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tourKeys.own() }),
  });
}
