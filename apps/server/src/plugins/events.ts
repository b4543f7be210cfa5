import { asc, eq, gt, lt, lte, sql } from "drizzle-orm";
import type { Database, Db } from "../db/client";
import { eventLog, events } from "../db/schema";

/**
 * What the live streams need to hear about: a model's visibility or payment changed. `own_payment_updated` is a
 * payment of a model the public sees neither before nor after: only her own stream relays it
 * (modules/public-models/own-events.ts), never the public one.
 */
export type ModelEvent = {
  type: "model_status_updated" | "model_payment_updated" | "own_payment_updated";
  model_id: number;
};

/** Event types only the model's own stream relays (as model_payment_updated). */
export const OWN_ONLY_EVENT_TYPES: ReadonlySet<ModelEvent["type"]> = new Set(["own_payment_updated"]);

/** An event as recorded: its id orders it among every event of the database. */
export type RecordedEvent = ModelEvent & { id: number };

/** The channel a committed event is announced on (its payload: the last id the transaction took). */
export const EVENTS_CHANNEL = "vitrine_events";

/** A resume replays at most this many events; further behind, the stream says "refresh everything". */
export const MAX_REPLAY = 500;

/** Events are kept this long (the cleanup job prunes older ones), so a stream can resume after a day's drop. */
export const EVENTS_KEPT_MS = 24 * 60 * 60 * 1000;

/** How often an instance on PostgreSQL re-reads the table anyway, should its LISTEN have died without a word. */
export const EVENTS_POLL_MS = 5_000;

/**
 * Live updates across server instances (decision 051). A change records its events in its own transaction
 * (recordEvents); the bus of every instance delivers each committed event once, in id order, to its local
 * subscribers (the live streams and the public cache).
 */
export interface EventBus {
  /**
   * Reads the events committed after the last one delivered and delivers them in id order. Resolves once a read
   * begun after the call is delivered; never rejects (a failed read is logged, and the next one catches up).
   * Called after committing a transaction that recorded events, so this instance has delivered them before it
   * answers; the other instances are woken by the NOTIFY.
   */
  deliver(): Promise<void>;
  subscribe(listener: (event: RecordedEvent) => void): () => void;
  /** The id of the last committed event (0: none yet). */
  lastId(): Promise<number>;
  /**
   * The events after `after`, in id order, for a stream that resumes; null when they cannot all be given: an id
   * not handed out yet, one older than the events kept, or more than MAX_REPLAY behind.
   */
  since(after: number): Promise<RecordedEvent[] | null>;
  close(): Promise<void>;
}

/**
 * Records events in the transaction `tx` of the change that causes them, and NOTIFYs their last id (delivered
 * at commit; nothing at all when the transaction rolls back). Ids come from the event_log row, which this
 * update holds until the transaction ends: a writer waits for the one before it to commit, so ids become
 * visible in id order, and a reader that has seen id N never later finds a smaller one. It is to be the
 * transaction's last statement, so that row is held for as little as possible and after every other lock.
 */
export async function recordEvents(tx: Db, list: ModelEvent[]): Promise<void> {
  if (list.length === 0) return;
  const [log] = await tx
    .update(eventLog)
    .set({ lastId: sql`${eventLog.lastId} + ${list.length}::bigint` })
    .where(eq(eventLog.id, 1))
    .returning({ lastId: eventLog.lastId });
  if (!log) throw new Error("event_log sem a linha 1");
  const first = log.lastId - list.length + 1;
  await tx.insert(events).values(list.map((e, i) => ({ id: first + i, type: e.type, modelId: e.model_id })));
  await tx.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${String(log.lastId)})`);
}

/** Deletes the events created before `before` and remembers the last id deleted (a resume from before it is refused). */
export async function pruneEvents(db: Db, before: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [oldest] = await tx
      .select({ through: sql<number | null>`max(${events.id})`.mapWith(Number) })
      .from(events)
      .where(lt(events.createdAt, before));
    const through = oldest?.through;
    if (!through) return 0;
    const deleted = await tx.delete(events).where(lte(events.id, through)).returning({ id: events.id });
    await tx
      .update(eventLog)
      .set({ prunedThrough: sql`greatest(${eventLog.prunedThrough}, ${through}::bigint)` })
      .where(eq(eventLog.id, 1));
    return deleted.length;
  });
}

async function readLastId(db: Db): Promise<number> {
  const [log] = await db.select({ lastId: eventLog.lastId }).from(eventLog).where(eq(eventLog.id, 1));
  return log?.lastId ?? 0;
}

export type EventBusOptions = {
  /** Re-reads the table this often besides NOTIFY (0: never); default EVENTS_POLL_MS on PostgreSQL, 0 on PGlite. */
  pollMs?: number;
  onError?: (err: unknown) => void;
};

/**
 * The bus on the events table: LISTENs on EVENTS_CHANNEL (one connection per process on PostgreSQL; PGlite's own
 * listen in the embedded database) and, on each NOTIFY, after each (re)connection of the LISTEN, after a local
 * commit (deliver) and every pollMs, reads the events after the last delivered. Only one read runs at a time, so
 * each event is delivered once and in order.
 */
export async function startEventBus(database: Database, options: EventBusOptions = {}): Promise<EventBus> {
  const { db } = database;
  const listeners = new Set<(event: RecordedEvent) => void>();
  const onError = options.onError ?? (() => {});
  let position = await readLastId(db);
  let closed = false;

  async function readAndDeliver() {
    for (;;) {
      if (closed) return;
      const rows = await db
        .select({ id: events.id, type: events.type, modelId: events.modelId })
        .from(events)
        .where(gt(events.id, position))
        .orderBy(asc(events.id))
        .limit(MAX_REPLAY);
      for (const row of rows) {
        position = row.id;
        const event: RecordedEvent = { id: row.id, type: row.type, model_id: row.modelId };
        for (const listener of [...listeners]) {
          try {
            listener(event);
          } catch (err) {
            onError(err);
          }
        }
      }
      if (rows.length < MAX_REPLAY) return;
    }
  }

  // The read waiting to begin (callers meanwhile share it) and the chain of reads.
  let queued: Promise<void> | null = null;
  let chain: Promise<void> = Promise.resolve();
  function deliver(): Promise<void> {
    if (queued) return queued;
    const next = chain.then(() => {
      queued = null;
      return readAndDeliver().catch(onError);
    });
    queued = next;
    chain = next;
    return next;
  }

  const unlisten = await database.listen(
    EVENTS_CHANNEL,
    () => void deliver(),
    () => void deliver(),
  );
  const pollMs = options.pollMs ?? (database.kind === "postgres" ? EVENTS_POLL_MS : 0);
  const poll = pollMs > 0 ? setInterval(() => void deliver(), pollMs) : null;
  poll?.unref();

  return {
    deliver,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    lastId: () => readLastId(db),
    async since(after) {
      // One statement, so the log row and the events are read in one snapshot (a prune cannot slip between).
      const rows = await db
        .select({
          lastId: eventLog.lastId,
          prunedThrough: eventLog.prunedThrough,
          id: events.id,
          type: events.type,
          modelId: events.modelId,
        })
        .from(eventLog)
        .leftJoin(events, gt(events.id, after))
        .where(eq(eventLog.id, 1))
        .orderBy(asc(events.id))
        .limit(MAX_REPLAY + 1);
      const log = rows[0];
      if (!log || after > log.lastId || after < log.prunedThrough || rows.length > MAX_REPLAY) return null;
      return rows.flatMap((r) =>
        r.id === null || r.type === null || r.modelId === null ? [] : [{ id: r.id, type: r.type, model_id: r.modelId }],
      );
    },
    async close() {
      closed = true;
      if (poll) clearInterval(poll);
      listeners.clear();
      await unlisten().catch(() => {});
      await chain;
    },
  };
}
