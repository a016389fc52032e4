// `npm run db:move -- postgres://user:password@host:5432/database`: copies the site's embedded
// database (DATA_DIR/pgdata, the same DATA_DIR as `npm start`) into that empty PostgreSQL database
// in one transaction, checks the copy (rows and contents of every table, credits' ledger sums, the
// audit log's chain) before committing it, and says what to change in the environment.
// Exit code 0: copied and checked; 1: the copy differed or failed (rolled back: the target is as
// empty as before); 2: refused before anything was written (usage, the site running, a target that
// is not empty, a database of another version).
import fs from 'node:fs';
import path from 'node:path';
import { readConfig, type StorageConfig } from '../kernel/server/config.ts';
import { moveDatabase, MoveError, redact, type MoveReport } from '../kernel/server/move/move.ts';
import { serverPlugins } from '../plugins/server.ts';

export const USAGE = 'usage: npm run db:move -- postgres://user:password@host:5432/database';

const fmt = (n: number) => n.toLocaleString('en');

/** How many files are under `dir` (0 when it does not exist). */
function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).length;
}

/** What the command prints once the copy is committed: what moved, what was checked, what to change. */
export function moveSummary(r: MoveReport, where: { dataDir: string; targetUrl: string; storage: StorageConfig }): string {
  const rows = r.tables.reduce((n, t) => n + t.rows, 0);
  const uploads = path.join(where.dataDir, 'uploads');
  const photos = where.storage.kind === 's3'
    ? [`Photos are files, not rows, and did not move: they stay in the bucket "${where.storage.bucket}" (STORAGE=s3); keep the S3_* variables.`,
      `Keep DATA_DIR=${where.dataDir} too if mails go to its outbox (no SMTP_URL).`]
    : [`Keep DATA_DIR=${where.dataDir}: photos are files, not rows, and did not move; they stay in`,
      `${uploads} (${fmt(countFiles(uploads))} files now), and the mail outbox stays there too. Several instances need`,
      'the photos in shared storage: `npm run storage:copy` to a bucket, then STORAGE=s3 (README, "Photo storage").'];
  return [
    `Done in ${(r.ms / 1000).toFixed(1)} s: ${fmt(r.tables.length)} tables, ${fmt(rows)} rows, ${r.sequences} sequences and ${r.migrations} migrations are in PostgreSQL (schema "${r.schema}").`,
    'Checked on both sides before the commit: every table\'s row count and contents;',
    ...r.tallies.map((t) => `  ${t.plugin}: ${Object.entries(t.figures).map(([k, v]) => (typeof v === 'number' ? `${k} ${fmt(v)}` : `${k} equal`)).join(', ')}`),
    r.audit.ok
      ? `  audit log: the hash chain holds over ${fmt(r.audit.rows)} rows.`
      : `  audit log: WARNING, the chain was already broken in the embedded database at row ${r.audit.broken_at} (${r.audit.why}); the copy has the same break. Find out why before relying on it.`,
    '',
    'What to change, in the environment of the site (every instance), then restart it:',
    `  DATABASE_URL=${redact(where.targetUrl)}`,
    ...photos,
    `With DATABASE_URL set the site no longer reads ${path.join(where.dataDir, 'pgdata')}: keep it, untouched, until the site`,
    'runs well on PostgreSQL (going back = removing DATABASE_URL, losing what changed since), then remove it.',
  ].join('\n');
}

/** A server answering on this machine's PORT (the embedded database allows one process). */
async function serverAnswers(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1500) })).ok;
  } catch {
    return false;
  }
}

async function main(args: string[]): Promise<number> {
  const targetUrl = args.find((a) => !a.startsWith('-'));
  if (!targetUrl || args.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const config = readConfig();
  if (!config.databaseUrl && await serverAnswers(config.port)) {
    console.error(`The site is running on port ${config.port} and holds the embedded database (${config.dataDir}): stop it first, then run this again.`);
    return 2;
  }
  if (config.databaseUrl) console.log(`(DATABASE_URL is set in this shell: the move reads the embedded database in DATA_DIR all the same.)`);
  console.log(`Moving the embedded database in ${config.dataDir}/pgdata to ${redact(targetUrl)}…`);
  try {
    const report = await moveDatabase({ pgdata: path.join(config.dataDir, 'pgdata'), targetUrl, plugins: serverPlugins, progress: (l) => console.log(l) });
    console.log('');
    console.log(moveSummary(report, { dataDir: config.dataDir, targetUrl, storage: config.storage }));
    return 0;
  } catch (err) {
    if (err instanceof MoveError) {
      console.error(`${err.kind === 'refused' ? 'Not moved' : 'Not moved, rolled back'}: ${err.message}`);
      return err.kind === 'refused' ? 2 : 1;
    }
    console.error('Not moved (nothing was committed to PostgreSQL):', err);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then((code) => process.exit(code), (err) => {
    console.error(err);
    process.exit(1);
  });
}
