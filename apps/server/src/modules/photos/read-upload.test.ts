// Needs no database: runs once, in the PostgreSQL half of the server tests (scripts/test.sh).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { AppError } from "../../lib/app-error";
import { translateMultipartError } from "./read-upload";

describe("translateMultipartError", () => {
  test("an upload the browser stopped sending (cancelled) is a 400, not an unhandled server error", () => {
    const aborted = Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    const translated = translateMultipartError(aborted);
    assert.ok(translated instanceof AppError);
    assert.equal(translated.statusCode, 400);
    assert.equal(translated.message, "Envio interrompido");
  });

  test("a file over the limit is a Portuguese 413", () => {
    const translated = translateMultipartError(
      Object.assign(new Error("too large"), { code: "FST_REQ_FILE_TOO_LARGE" }),
    );
    assert.ok(translated instanceof AppError);
    assert.equal(translated.statusCode, 413);
  });
});
