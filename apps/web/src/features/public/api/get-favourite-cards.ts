import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { PublicCardsResponse } from "@vitrine/contracts";
import { publicKeys } from "./query-keys";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

/**
 * GET /api/models/public/cards?ids=…: the cards of those of `ids` that are public now; the others are left out
 * without a word. Under the public models' key, so the live updates that refresh the listing refresh it too.
 */
export function useFavouriteCards(ids: readonly number[]) {
  const sorted = [...ids].sort((a, b) => a - b).join(",");
  return useQuery({
    queryKey: [...publicKeys.all(), "cards", sorted] as const,
    queryFn: ({ signal, client, queryKey }) =>
      api.get<PublicCardsResponse>(apiPaths.models.publicCards, {
        query: { ids: sorted },
        signal,
        background: client.getQueryData(queryKey) !== undefined,
        skipAuthRedirect: true,
        // No bearer: the read is never tied to a signed-in account.
        token: null,
      }),
    enabled: ids.length > 0,
    // Removing a heart on the page asks again for fewer ids: the cards stay on screen meanwhile.
    placeholderData: keepPreviousData,
  });
}
