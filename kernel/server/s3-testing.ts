import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { readStorageConfig, type S3Config } from './config.ts';

/** A local S3-protocol server for tests (s3rver, objects on disk in a temp folder), as the payment providers get their HTTPS stubs. */
export interface TestS3 {
  /** The STORAGE/S3_* variables that point an app (or `npm run storage:copy`) at it. */
  env: Record<string, string>;
  /** The same, read as the server reads it (for a store of its own: `s3Store(s3.config)`). */
  config: S3Config;
  bucket: string;
  endpoint: string;
  close(): Promise<void>;
}

/** Starts s3rver on a free loopback port with one empty bucket. */
export async function startTestS3(bucket = 'flirt-photos'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'flirt-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let closed: Promise<void> | undefined;
  // S3RVER/S3RVER: s3rver's one account (it refuses other access key ids).
  const env = { STORAGE: 's3', S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: '1' };
  return {
    bucket, endpoint, env, config: s3ConfigOf(env),
    // Once only (a test may stop it early to see the app without its bucket).
    close: () => (closed ??= server.close().finally(() => fs.rmSync(directory, { recursive: true, force: true }))),
  };
}

/** The S3 settings these variables make (a test's own variations of `env`); throws unless they name a bucket. */
export function s3ConfigOf(env: Record<string, string>): S3Config {
  const config = readStorageConfig(env);
  if (config.kind !== 's3') throw new Error('not an S3 configuration');
  return config;
}
