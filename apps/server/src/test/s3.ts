import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { S3Config } from "../config";
import { createS3Client } from "../plugins/s3-storage";

/** A running S3 API for a test: its settings, the same as environment variables, and how to stop it. */
export type LocalS3 = {
  config: S3Config;
  /** S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY for a server process. */
  env: Record<string, string>;
  /** Every object key in the bucket, sorted, read through the S3 API (what a test proves is stored). */
  keys(prefix?: string): Promise<string[]>;
  /** The stored bytes of one object (its full key in the bucket), or null when there is none. */
  object(key: string): Promise<Buffer | null>;
  close(): Promise<void>;
};

/**
 * Starts s3rver (a real S3 API speaking HTTP, in this process) on a free port of 127.0.0.1 with one empty bucket, its
 * objects in a temporary directory removed on close. s3rver accepts any signed request with its fixed credentials.
 */
export async function startLocalS3(bucket = "vitrine-test"): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "vitrine-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
  const client = createS3Client(config);
  return {
    config,
    env: {
      S3_ENDPOINT: config.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: config.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey,
    },
    keys: async (prefix) => {
      const found: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) if (object.Key) found.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found.sort();
    },
    object: async (key) => {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await got.Body!.transformToByteArray());
      } catch (err) {
        if ((err as { name?: string }).name === "NoSuchKey") return null;
        throw err;
      }
    },
    close: async () => {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
