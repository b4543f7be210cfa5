import type { Readable } from "node:stream";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { S3Config } from "../config";
import { assertSafeKey, STAGING_DIR, type Storage } from "./storage";

export type S3StorageOptions = S3Config & {
  /** Where this storage's objects live in the bucket, ending in "/" (e.g. "uploads/", "evidence/"). */
  prefix: string;
};

/** An S3 call that has not connected within this long fails (a photo request then fails instead of hanging). */
const CONNECTION_TIMEOUT_MS = 5_000;
/** An S3 call whose answer has not begun within this long fails. */
const REQUEST_TIMEOUT_MS = 30_000;

/** The object is not there (the bucket is: a missing bucket is a configuration error, never "no such photo"). */
function isMissingObject(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  if (e?.name === "NoSuchKey" || e?.name === "NotFound") return true;
  return e?.$metadata?.httpStatusCode === 404 && e.name !== "NoSuchBucket";
}

/** One client per endpoint and credentials: the photo and evidence storages share its connections. */
export function createS3Client(config: S3Config): S3Client {
  // The SDK is pinned to a version that runs on Node 20 (decision 053): its warning that later versions will need
  // Node 22 would be printed by every process at its first call, so it is switched off (its own documented switch).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where the API requires them: S3-compatible servers (MinIO, Ceph, s3rver…) do not all know the
    // newer default CRC headers and trailers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: {
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      throwOnRequestTimeout: true,
    },
  });
}

/**
 * The Storage in an S3-compatible bucket, under `prefix`. The same two-step writes as on local disk: `stage` uploads
 * to `<prefix>.staging/<key>` (no key can name it, and nothing serves the bucket), `commit` copies the object into
 * `<prefix><key>` on the server side and then deletes the staged one. Browsers never get a bucket URL: `url` names
 * the app's own uploads route, which checks visibility and signatures before it streams the object through.
 */
export function createS3Storage(options: S3StorageOptions, client: S3Client = createS3Client(options)): Storage {
  const { bucket, prefix } = options;
  if (!/^([a-z0-9][a-z0-9_.-]*\/)+$/i.test(prefix)) throw new Error(`S3 storage prefix must end in "/": ${prefix}`);
  const stagingPrefix = `${prefix}${STAGING_DIR}/`;
  const placed = (key: string) => {
    assertSafeKey(key);
    return `${prefix}${key}`;
  };
  const staged = (key: string) => {
    assertSafeKey(key);
    return `${stagingPrefix}${key}`;
  };
  const upload = (objectKey: string, data: Buffer, contentType: string) =>
    client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: objectKey,
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
      }),
    );
  const exists = async (objectKey: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey }));
      return true;
    } catch (err) {
      if (isMissingObject(err)) return false;
      throw err;
    }
  };
  const remove = (objectKey: string) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey }));

  return {
    async put(key, data, contentType) {
      await upload(placed(key), data, contentType);
    },
    async stage(key, data, contentType) {
      await upload(staged(key), data, contentType);
    },
    async commit(key) {
      const from = staged(key);
      const to = placed(key);
      try {
        // Keys hold only URL-safe characters (assertSafeKey), so the copy source needs no escaping.
        await client.send(new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: `${bucket}/${from}` }));
      } catch (err) {
        // Committed already (by a concurrent sweep or request): fine as long as the object is in place.
        if (isMissingObject(err) && (await exists(to))) return;
        throw err;
      }
      await remove(from);
    },
    async listStaged() {
      const found: { key: string; stagedAt: Date }[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: stagingPrefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) {
            found.push({ key: object.Key.slice(stagingPrefix.length), stagedAt: object.LastModified });
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found;
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: placed(key) }));
        if (!object.Body || object.ContentLength === undefined) throw new Error(`S3 answered no body for ${key}`);
        // In Node the body is the HTTP response itself, a Readable.
        return { stream: object.Body as Readable, size: object.ContentLength };
      } catch (err) {
        if (isMissingObject(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      // Deleting a missing object succeeds in S3.
      await Promise.all([remove(placed(key)), remove(staged(key))]);
    },
    url(key) {
      return `/uploads/${key}`;
    },
  };
}
