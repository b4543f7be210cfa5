// Needs no database: runs once, in the PostgreSQL half of the server tests (scripts/test.sh).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { modelChangeEvents } from "./publish";

const status = { type: "model_status_updated", model_id: 7 };
const payment = { type: "model_payment_updated", model_id: 7 };

describe("what the live stream is told of a change to a model", () => {
  test("a model hidden before and after is never mentioned publicly; her payment is told to her own stream only", () => {
    assert.deepEqual(modelChangeEvents(7, { before: false, after: false }), []);
    assert.deepEqual(modelChangeEvents(7, { before: false, after: false, payment: true }), [
      { type: "own_payment_updated", model_id: 7 },
    ]);
  });

  test("a change to a model the public sees (a photo, a profile edit) is model_status_updated", () => {
    assert.deepEqual(modelChangeEvents(7, { before: true, after: true }), [status]);
  });

  test("showing or hiding her is model_status_updated (open listings add or drop her)", () => {
    assert.deepEqual(modelChangeEvents(7, { before: false, after: true }), [status]);
    assert.deepEqual(modelChangeEvents(7, { before: true, after: false }), [status]);
  });

  test("a payment change is model_payment_updated, after model_status_updated when it showed or hid her", () => {
    assert.deepEqual(modelChangeEvents(7, { before: true, after: true, payment: true }), [payment]);
    assert.deepEqual(modelChangeEvents(7, { before: false, after: true, payment: true }), [status, payment]);
    assert.deepEqual(modelChangeEvents(7, { before: true, after: false, payment: true }), [status, payment]);
  });
});
