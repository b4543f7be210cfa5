// Needs no database: runs once, in the PostgreSQL half of the server tests (scripts/test.sh).
import assert from "node:assert/strict";
import { test } from "node:test";
import { createSemaphore } from "./semaphore";

test("runs at most `slots` tasks at once, the rest in arrival order, and frees a slot on failure", async () => {
  const slots = createSemaphore(2);
  let running = 0;
  let most = 0;
  const order: number[] = [];
  const task = (i: number) =>
    slots.run(async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 10));
      running -= 1;
      order.push(i);
      if (i === 1) throw new Error("falhou");
      return i;
    });
  const results = await Promise.allSettled([0, 1, 2, 3, 4].map(task));
  assert.equal(most, 2);
  assert.deepEqual(order, [0, 1, 2, 3, 4]);
  assert.equal(results[1]!.status, "rejected");
  assert.deepEqual(
    results.filter((r) => r.status === "fulfilled").map((r) => r.value),
    [0, 2, 3, 4],
  );
  assert.equal(slots.isIdle(), true);
});
