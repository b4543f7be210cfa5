// Needs no database: runs once, in the PostgreSQL half of the server tests (scripts/test.sh).
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, test } from "node:test";
import { promisify } from "node:util";

/**
 * `npm run lint` refuses any circle of imports (decision 066): its second command runs dependency-cruiser's
 * no-circular rule (.dependency-cruiser.mjs) over the server, the web app and the contracts. These tests run that
 * very command's configuration on two fixtures outside the product (scripts/fixtures/import-graph): the same two files
 * importing each other (refused, the circle named) and importing one way only (accepted).
 */
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const DEPCRUISE = `${ROOT}node_modules/dependency-cruiser/bin/dependency-cruise.mjs`;

/** The depcruise command of the lint script, split into its arguments. */
function lintDepcruise(): string[] {
  const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as { scripts: Record<string, string> };
  const command = pkg.scripts.lint
    .split("&&")
    .map((part) => part.trim())
    .find((part) => part.startsWith("depcruise "));
  assert.ok(command, `npm run lint runs depcruise (lint: ${pkg.scripts.lint})`);
  return command.split(/\s+/).slice(1);
}

async function depcruise(args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [DEPCRUISE, ...args], { cwd: ROOT });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

describe("import circles in npm run lint", () => {
  const args = lintDepcruise();
  const options = args.filter((arg, i) => arg.startsWith("-") || args[i - 1] === "--config");
  const folders = args.filter((arg) => !options.includes(arg));

  test("the lint command covers the server, the web app and the contracts", () => {
    assert.ok(options.includes("--config"), "depcruise runs with the project's configuration");
    assert.deepEqual(folders.sort(), ["apps/server/src", "apps/web/src", "packages/contracts/src"]);
  });

  test("two files that import each other fail it, the circle named", async () => {
    const { code, output } = await depcruise([...options, "scripts/fixtures/import-graph/circle"]);
    assert.notEqual(code, 0, output);
    assert.match(output, /no-circular/);
    assert.match(output, /scripts\/fixtures\/import-graph\/circle\/customer\.ts/);
    assert.match(output, /scripts\/fixtures\/import-graph\/circle\/order\.ts/);
  });

  test("the same files importing one way pass it", async () => {
    const { code, output } = await depcruise([...options, "scripts/fixtures/import-graph/line"]);
    assert.equal(code, 0, output);
    assert.match(output, /no dependency violations/);
  });
});
