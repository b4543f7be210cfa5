import path from "node:path";
import type { Config } from "../config";
import { createS3Client, createS3Storage } from "./s3-storage";
import { createLocalStorage, type Storage } from "./storage";

export type Storages = {
  /** Photos (photos/…) and identity-verification files (verification/…, encrypted). */
  storage: Storage;
  /** Evidence under legal hold (encrypted). */
  evidenceStorage: Storage;
  /** Releases the S3 connections (nothing to do on local disk). */
  close(): void;
};

/**
 * Where the server keeps its files: with S3 configured, in the bucket under `uploads/` and `evidence/`, so that
 * every instance sees the same files; otherwise under DATA_DIR/uploads and DATA_DIR/evidence. Both kinds are
 * served only through the app's checking routes (never straight from the bucket or the disk).
 */
export function createStorages(config: Pick<Config, "dataDir" | "s3">): Storages {
  if (config.s3) {
    const client = createS3Client(config.s3);
    return {
      storage: createS3Storage({ ...config.s3, prefix: "uploads/" }, client),
      evidenceStorage: createS3Storage({ ...config.s3, prefix: "evidence/" }, client),
      close: () => client.destroy(),
    };
  }
  return {
    storage: createLocalStorage(path.join(config.dataDir, "uploads")),
    evidenceStorage: createLocalStorage(path.join(config.dataDir, "evidence")),
    close: () => {},
  };
}
