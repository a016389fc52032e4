import fs from 'node:fs/promises';
import path from 'node:path';
import { keyProblem, type ObjectStore } from './storage.ts';

export interface CopyResult {
  /** Files put into the target. */
  copied: number;
  /** Files the target already held with the same size (a copy run before, or the app stored them). */
  skipped: number;
  failed: { key: string; error: string }[];
  /** Bytes copied. */
  bytes: number;
}

/** A half-written file that local storage's put() left behind in a crash (`<key>.<pid>.<hex>.tmp`): never a photo. */
const leftover = (name: string) => /\.\d+\.[0-9a-f]{8}\.tmp$/.test(name);

/** Every file under `root` as a storage key (relative path with `/`), symlinks and leftovers aside. */
async function* filesUnder(root: string, dir = root): AsyncGenerator<string> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* filesUnder(root, full);
    else if (e.isFile() && !leftover(e.name)) yield path.relative(root, full).split(path.sep).join('/');
  }
}

/**
 * Copies every file under the local uploads folder to `target` under the same key. Idempotent: a
 * file the target holds with the same size is skipped, so a run that stopped half-way just runs again.
 * One file failing does not stop the others; failures are returned.
 */
export async function copyUploads(root: string, target: ObjectStore, opts: { concurrency?: number; progress?: (done: number) => void } = {}): Promise<CopyResult> {
  const result: CopyResult = { copied: 0, skipped: 0, failed: [], bytes: 0 };
  const keys = filesUnder(root);
  let done = 0;
  const copyOne = async (key: string) => {
    const problem = keyProblem(key);
    if (problem) throw new Error(`not a storage key (${problem})`);
    const data = await fs.readFile(path.join(root, key));
    if ((await target.size(key)) === data.length) {
      result.skipped++;
      return;
    }
    await target.put(key, data);
    result.copied++;
    result.bytes += data.length;
  };
  // A few at a time: a bucket answers each request slowly, but thousands at once would be refused.
  const worker = async () => {
    for (let next = await keys.next(); !next.done; next = await keys.next()) {
      const key = next.value;
      await copyOne(key).catch((err: unknown) => { result.failed.push({ key, error: err instanceof Error ? err.message : String(err) }); });
      opts.progress?.(++done);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
  return result;
}
