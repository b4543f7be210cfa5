import { useSyncExternalStore } from "react";

/**
 * The visitor's favourites: model ids kept only in this browser's localStorage (decision 075), most recently added
 * first, at most FAVOURITES_MAX (the cards read takes that many). Nothing about them is sent to the server except
 * the ids of the cards the "Favoritas" page reads.
 */
export const FAVOURITES_KEY = "vitrine:favoritas";
export const FAVOURITES_MAX = 100;

const NONE: readonly number[] = [];
const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cached = NONE;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The stored ids; anything unreadable counts as none. The same array while the stored text is the same. */
export function readFavourites(): readonly number[] {
  const raw = storage()?.getItem(FAVOURITES_KEY) ?? null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    let ids: unknown = null;
    try {
      ids = JSON.parse(raw ?? "[]");
    } catch {
      // A damaged value reads as no favourites.
    }
    cached = Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id) && id > 0) : NONE;
  }
  return cached;
}

/** Stores `ids` (deduplicated, the first FAVOURITES_MAX) and tells this tab's hearts; other tabs hear "storage". */
export function writeFavourites(ids: readonly number[]): void {
  try {
    storage()?.setItem(FAVOURITES_KEY, JSON.stringify([...new Set(ids)].slice(0, FAVOURITES_MAX)));
  } catch {
    // Storage full or refused (private mode): the heart simply does not stick.
  }
  for (const listener of listeners) listener();
}

/** Adds `id` first, or removes it. */
export function toggleFavourite(id: number): void {
  const ids = readFavourites();
  writeFavourites(ids.includes(id) ? ids.filter((x) => x !== id) : [id, ...ids]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/**
 * The favourite ids, live; null until read. The server and the hydrating render see null (the server has no
 * localStorage), then React renders again with the stored ones: no hydration mismatch.
 */
export function useStoredFavourites(): readonly number[] | null {
  return useSyncExternalStore(subscribe, readFavourites, () => null);
}

/** The favourite ids, live (none until read). */
export const useFavourites = (): readonly number[] => useStoredFavourites() ?? NONE;
