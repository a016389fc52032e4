import {
  DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from './config.ts';
import type { ObjectStore } from './storage.ts';

/** "NoSuchKey"/404: the object is not there (HEAD answers have no body, so only the status says it). */
const isMissing = (err: unknown) => err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404);

const contentType = (key: string) => (key.endsWith('.png') ? 'image/png' : key.endsWith('.jpg') || key.endsWith('.jpeg') ? 'image/jpeg' : 'application/octet-stream');

/**
 * Files in an S3-compatible bucket (Amazon S3, MinIO, Ceph, R2…). The bucket stays private: the app
 * checks a /media/ link's signature and streams the object itself, it never hands out presigned URLs.
 * A PUT replaces an object whole, so readers on every instance see the old file or the new one.
 */
export function s3Store(config: S3Config): ObjectStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    // Checksums only where the API demands them: many S3-compatible services reject the newer
    // default (CRC32 trailers) that only Amazon S3 speaks.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that hangs must not hold a member's request forever (the SDK retries up to 3 times).
    requestHandler: { connectionTimeout: 3000, requestTimeout: 15_000 },
    maxAttempts: 3,
  });
  const Bucket = config.bucket;
  const where = `bucket "${Bucket}" at ${config.endpoint ?? `Amazon S3 (${config.region})`}`;
  return {
    kind: 's3',
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentLength: data.length, ContentType: contentType(key) }));
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async size(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return res.ContentLength ?? 0;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      // S3 answers 204 for a key that is not there: a missing file is not an error, as on disk.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        const status = err instanceof S3ServiceException ? err.$metadata?.httpStatusCode : undefined;
        const why = status === 404 ? 'no such bucket'
          : status === 403 ? 'access denied (check S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY)'
            : status === 301 ? `the bucket is in another region than S3_REGION=${config.region}`
              : `${(err as Error).name}: ${(err as Error).message}`;
        throw new Error(`storage: the ${where} cannot be used: ${why}`, { cause: err });
      }
    },
    close() {
      client.destroy();
    },
  };
}
