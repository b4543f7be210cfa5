import { type DehydratedState, hydrate, type QueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-client";
import { type AgeAssuranceMode, SSR_STATE_ID } from "@vitrine/contracts";

/**
 * What the server rendered with: the query cache (empty on a verifier's gate page), the age check in force (its
 * mode and verifier's name) and whether the visitor had passed it (self-declaration: accepted the gate; a
 * verifier: held a valid age pass), and the public data version and last live-stream event id the data is at least
 * as new as.
 */
export type SsrState = {
  queries: DehydratedState;
  ageAccepted: boolean;
  ageMode: AgeAssuranceMode;
  verifierName: string | null;
  dataVersion?: string;
  lastEventId?: number;
};

type SerializedError = { status: number; code?: string; message: string; details?: unknown };

function isSerializedError(value: unknown): value is SerializedError {
  return !!value && typeof value === "object" && "status" in value && "message" in value;
}

/**
 * JSON for the state script: failed queries keep their ApiError's status, code and message (an Error's
 * message is not enumerable), and "<" is escaped so no text can close the script element.
 */
export function serializeState(state: SsrState): string {
  const queries = state.queries.queries.map((q) => {
    const error = q.state.error;
    if (!(error instanceof ApiError)) return q;
    const plain: SerializedError = { status: error.status, code: error.code, message: error.message };
    return { ...q, state: { ...q.state, error: plain as unknown as Error } };
  });
  return JSON.stringify({ ...state, queries: { ...state.queries, queries } }).replace(/</g, "\\u003c");
}

/** Reads the server's state from the page (null on pages the server did not render) and fills the cache with it. */
export function hydrateFromPage(queryClient: QueryClient): SsrState | null {
  const element = typeof document === "undefined" ? null : document.getElementById(SSR_STATE_ID);
  if (!element?.textContent) return null;
  let state: SsrState;
  try {
    state = JSON.parse(element.textContent) as SsrState;
  } catch {
    return null;
  }
  for (const q of state.queries.queries) {
    const error: unknown = q.state.error;
    if (isSerializedError(error)) {
      q.state.error = new ApiError(error.status, error.message, {
        code: error.code as ApiError["code"],
        body: { code: error.code, error: error.message },
      });
    }
  }
  hydrate(queryClient, state.queries);
  return state;
}
