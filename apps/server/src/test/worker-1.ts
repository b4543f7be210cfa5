// A worker of the server tests: see file-queue.ts (scripts/test.sh starts two or three).
import { runQueuedTestFiles } from "./file-queue";

await runQueuedTestFiles();
