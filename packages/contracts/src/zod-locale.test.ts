import assert from "node:assert/strict";
import { test } from "node:test";
import { z } from "zod";
import { configurePortugueseMessages } from "./zod-locale";

test("zod's own messages are in Portuguese once configured (the web's forms call it themselves)", () => {
  configurePortugueseMessages();
  configurePortugueseMessages(); // idempotent
  const result = z.string().safeParse(1);
  assert.equal(result.success, false);
  assert.match(result.error!.issues[0]!.message, /^Entrada inválida/);
});
