/** What the public site needs to hear about: a model's visibility or payment changed. */
export type ModelEvent = { type: "model_status_updated" | "model_payment_updated"; model_id: number };

/**
 * The seam for live updates. In-process today; a PostgreSQL LISTEN/NOTIFY implementation can replace it
 * so that several server instances share one stream.
 */
export interface EventBus {
  publish(event: ModelEvent): void;
  subscribe(listener: (event: ModelEvent) => void): () => void;
  close(): Promise<void>;
}

export function createMemoryEventBus(): EventBus {
  const listeners = new Set<(event: ModelEvent) => void>();
  return {
    publish(event) {
      for (const listener of listeners) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
