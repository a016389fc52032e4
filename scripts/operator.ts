// `npm run operator -- create <email> [--role admin|operator]`: makes a console account (operator by default) on the configured database (the same
// DATA_DIR / DATABASE_URL as `npm start`) or promotes an existing account. No password is set: it prints
// a one-time set-password link of the default site (and mails it when SMTP_URL is configured).
import { readConfig, type ServerConfig } from '../kernel/server/config.ts';
import { openDatabase } from '../kernel/server/db.ts';
import { buildApp } from '../kernel/server/app.ts';
import { serverPlugins } from '../plugins/server.ts';
import { accountRef, type AccountService } from '../plugins/account/server.ts';

export const USAGE = 'usage: npm run operator -- create <email> [--role admin|operator]';

/** The e-mail address and role of `create <email> [--role admin|operator]`, or null when the arguments say something else. */
export function parseOperatorArgs(args: string[]): { email: string; role: 'operator' | 'admin' } | null {
  if (args[0] !== 'create' || !args[1] || args[1].startsWith('--')) return null;
  const rest = args.slice(2);
  if (rest.length === 0) return { email: args[1], role: 'operator' };
  const role = rest.length === 2 && rest[0] === '--role' ? rest[1] : rest.length === 1 && rest[0].startsWith('--role=') ? rest[0].slice(7) : null;
  return role === 'admin' || role === 'operator' ? { email: args[1], role } : null;
}

/** What the command prints for a created or promoted operator. */
export function operatorReport(r: Awaited<ReturnType<AccountService['createOperator']>>, role: 'operator' | 'admin' = 'operator'): string {
  return [
    r.created ? `Console account (${role}) created: ${r.email} (id ${r.userId}), without a password.` : `Existing account ${r.email} (id ${r.userId}) is now ${role === 'admin' ? 'an admin' : 'an operator'}.`,
    `Set the password once, within ${r.hours} hours, at:`,
    `  ${r.link}`,
    r.mailed ? `The link was mailed to ${r.email} as well.` : 'No SMTP_URL configured: nothing was mailed, hand the link over yourself.',
  ].join('\n');
}

/** The embedded database takes one process at a time: a running server on this port holds it. */
async function serverRunning(config: ServerConfig): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${config.port}/api/health`, { signal: AbortSignal.timeout(1500) });
    return res.ok;
  } catch {
    return false;
  }
}

async function main(args: string[]): Promise<number> {
  const parsed = parseOperatorArgs(args);
  if (!parsed) {
    console.error(USAGE);
    return 2;
  }
  const env = readConfig();
  const config: ServerConfig = { ...env, testHooks: false, logLevel: process.env.LOG_LEVEL ?? 'warn' };
  if (!config.databaseUrl && await serverRunning(config)) {
    console.error(`The server is running on port ${config.port} and holds the embedded database (${config.dataDir}): stop it first, then run this again.`);
    return 1;
  }
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: `${config.dataDir}/pgdata` });
  const { app, kernel } = await buildApp({ config, database, plugins: serverPlugins });
  try {
    const result = await kernel.services.get(accountRef).createOperator(parsed.email, parsed.role);
    // Deliver the mail now rather than at the next server start (the embedded database's case).
    if (result.mailed) await kernel.jobs.runDue({ periodic: 'none' });
    console.log(operatorReport(result, parsed.role));
    console.log('Then log in to the console at /operator: the first login enrols the authenticator app (TOTP) and shows the recovery codes.');
    return 0;
  } catch (err) {
    if (err instanceof Error && err.name === 'OperatorError') {
      console.error(`Not done: ${err.message}.`);
      return 1;
    }
    throw err;
  } finally {
    await app.close();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then((code) => process.exit(code), (err) => {
    console.error(err);
    process.exit(1);
  });
}
