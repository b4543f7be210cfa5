// A worker of the browser tests (scripts/test.sh starts two): it runs spec files from the queue one after another
// (apps/server/src/test/file-queue.ts) with one browser and one shared site (fixtures.ts useSite), ended last.
import { after } from "node:test";
import { runQueuedTestFiles } from "../apps/server/src/test/file-queue";
import { closeWorkerFixtures } from "./fixtures";

after(closeWorkerFixtures);
await runQueuedTestFiles();
