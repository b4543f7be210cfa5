/**
 * Counts API requests in flight for the global loading overlay. A tiny external store so that
 * plain modules (the API client) can update it and React reads it with useSyncExternalStore.
 */
export const DISABLE_GLOBAL_LOADING_HEADER = "x-disable-global-loading";

let pending = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Marks one request as started; call the returned function exactly once when it settles. */
export function trackRequest(): () => void {
  pending += 1;
  emit();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pending -= 1;
    emit();
  };
}

export function subscribePendingRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getPendingRequests(): number {
  return pending;
}
