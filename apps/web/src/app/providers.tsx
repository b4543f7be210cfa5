import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ApiError } from "@/lib/api-client";

/** One retry, but never for a refusal (a 4xx): the answer would be the same. */
const retryOnce = (failureCount: number, error: unknown) =>
  failureCount < 1 && !(error instanceof ApiError && error.isRefusal);

/** Data queries retry once, do not refetch on window focus, and are cached 5 minutes. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryOnce, refetchOnWindowFocus: false, staleTime: 5 * 60 * 1000 },
      mutations: { retry: 0 },
    },
  });
}

/**
 * App-wide providers that do not depend on the router. One QueryClient per app instance (SSR-safe); the server
 * and a hydrating browser pass the client they filled.
 */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
