// `npm run storage:copy`: copies the photos kept on local disk (DATA_DIR/uploads) to the S3 bucket
// that STORAGE=s3 and the S3_* variables configure, the same variables as `npm start`. Idempotent:
// files already in the bucket with the same size are skipped, so it can run again after a stop, and
// once more right before the instances switch to STORAGE=s3.
// Exit code 0: every file is in the bucket; 1: some failed (named); 2: no bucket configured.
import fs from 'node:fs';
import { readConfig } from '../kernel/server/config.ts';
import { uploadsDir } from '../kernel/server/storage.ts';
import { s3Store } from '../kernel/server/storage-s3.ts';
import { copyUploads } from '../kernel/server/storage-copy.ts';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<number> {
  const config = readConfig();
  if (config.storage.kind !== 's3') {
    console.error('No bucket to copy to: set STORAGE=s3 and S3_BUCKET (with S3_ENDPOINT, S3_REGION and the credentials as for the server).');
    return 2;
  }
  const from = uploadsDir(config.dataDir);
  const to = `bucket "${config.storage.bucket}"${config.storage.endpoint ? ` at ${config.storage.endpoint}` : ''}`;
  if (!fs.existsSync(from)) {
    console.log(`No photos on disk at ${from}: nothing to copy.`);
    return 0;
  }
  const store = s3Store(config.storage);
  try {
    await store.check();
    console.log(`Copying ${from} to ${to}…`);
    const result = await copyUploads(from, store, { progress: (n) => { if (n % 1000 === 0) console.log(`  ${n} files…`); } });
    for (const f of result.failed) console.error(`  failed: ${f.key}: ${f.error}`);
    console.log(`Copied ${result.copied} (${mb(result.bytes)}), skipped ${result.skipped} already in the bucket with the same size, failed ${result.failed.length}.`);
    return result.failed.length ? 1 : 0;
  } finally {
    store.close();
  }
}

main().then((code) => process.exit(code), (err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
