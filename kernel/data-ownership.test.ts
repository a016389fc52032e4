import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Data ownership (ARCHITECTURE.md): every table belongs to the one plugin (or the kernel) whose
// migrations create it, and only its owner names it in SQL. Others read through the owner's
// exported queries or service. Checked by parsing every non-test source file with TypeScript:
// the table argument of Kysely calls (selectFrom('profiles as p'), innerJoin, insertInto, …,
// sql.table('x')) and the text of sql`` templates (FROM/JOIN/INTO/UPDATE/TABLE/ON <table>).
// Comments, messages and column names are never looked at.

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
const files = (dir: string): string[] => !fs.existsSync(dir) ? [] : fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
  const p = path.join(dir, e.name);
  if (e.isDirectory()) return e.name === 'node_modules' ? [] : files(p);
  return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
});
/** 'kernel' or the plugin's id; files outside both (plugins/testing.ts, the plugin lists) own nothing. */
const ownerOf = (file: string) => file.startsWith('kernel/') ? 'kernel' : /^(?:plugins|test-fixtures)\/([^/]+)\//.exec(file)?.[1];

/** Kysely methods whose first argument names a table ('t' or 't as alias', or an array of them). */
const TABLE_METHODS = new Set(['selectFrom', 'insertInto', 'replaceInto', 'updateTable', 'deleteFrom', 'mergeInto',
  'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'crossJoin', 'innerJoinLateral', 'leftJoinLateral', 'crossJoinLateral',
  'using', 'table']);
/** SQL words a table name follows (not REFERENCES: a foreign key is a declared dependency, not a query). */
const SQL_TABLE = /\b(?:from|join|into|update|table|truncate|on)\s+(?:only\s+)?(?:if\s+(?:not\s+)?exists\s+)?"?([a-z_][a-z0-9_]*)/gi;

interface Use { file: string; table: string; how: 'create' | 'use' }

function usesIn(file: string, text = fs.readFileSync(path.join(root, file), 'utf8')): Use[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: Use[] = [];
  const tableArg = (arg: ts.Expression | undefined) => {
    const names = arg && ts.isArrayLiteralExpression(arg) ? [...arg.elements] : arg ? [arg] : [];
    for (const n of names) {
      if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) out.push({ file, table: n.text.trim().split(/\s+/)[0].toLowerCase(), how: 'use' });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const target = node.expression.expression;
      if (method === 'table' ? ts.isIdentifier(target) && target.text === 'sql' : TABLE_METHODS.has(method)) tableArg(node.arguments[0]);
    }
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
      const t = node.template;
      const parts = ts.isNoSubstitutionTemplateLiteral(t) ? [t.text] : [t.head.text, ...t.templateSpans.map((s) => s.literal.text)];
      for (const part of parts) {
        const code = part.replace(/--[^\n]*/g, ' ');
        for (const m of code.matchAll(SQL_TABLE)) out.push({ file, table: m[1].toLowerCase(), how: 'use' });
        for (const m of code.matchAll(/\bcreate\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?"?([a-z_][a-z0-9_]*)/gi)) out.push({ file, table: m[1].toLowerCase(), how: 'create' });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

// The example plugin (test-fixtures/hello) keeps the same rules as the product's plugins.
const sources = ['kernel', 'plugins', 'test-fixtures'].flatMap((d) => files(path.join(root, d))).map(rel).filter((f) => ownerOf(f));
const uses = sources.flatMap((f) => usesIn(f));

/** table -> the owners whose code creates it. */
const creators = new Map<string, Set<string>>();
for (const u of uses) if (u.how === 'create') creators.set(u.table, (creators.get(u.table) ?? new Set()).add(ownerOf(u.file)!));

/**
 * Known exceptions, each with its reason. Keep this short: the fix is an exported query or a
 * service of the owner.
 */
const ALLOWED: Record<string, string> = {
  // Members' migration 004: profiles keep a copy of the account's last_seen and deleted_at (one
  // index serves the member search's filter and order), kept in step by a trigger on users that
  // writes only profiles. The migration has run on every database; the copy is what lets members
  // read no users row at all.
  'plugins/members/server/migrations.ts: users (auth)':
    'trigger on users keeping profiles.last_seen/account_deleted in step (migration 004)',
  // The one lasting exception: databases made before the credits plugin existed still need its
  // take-over migration, which copies users.credits/paid_user into credits' table and drops the two
  // columns (auth migrates first, so only credits can move them without losing a balance).
  'plugins/credits/server/migrations.ts: users (auth)':
    'credits take-over migration reads and drops users.credits/paid_user (databases made before the move)',
};

describe('data ownership', () => {
  it('finds the tables and their owners', () => {
    expect(creators.get('users')).toEqual(new Set(['auth']));
    expect(creators.get('profiles')).toEqual(new Set(['members']));
    expect(creators.get('kernel_sessions')).toEqual(new Set(['kernel']));
    expect(creators.size).toBeGreaterThan(20);
  });

  it('reads table names from Kysely calls and SQL text only', () => {
    const found = usesIn('plugins/x/server/probe.ts', `
      // A comment naming FROM users is not SQL; neither is a message:
      throw new Error('could not update users from profiles');
      db.selectFrom('profiles as p').innerJoin('photos as ph', 'ph.user_id', 'p.user_id').select(['likes', 'p.users']);
      trx.insertInto('likes').values({ blocks: 1 });
      db.updateTable("users").set({ reports: 2 });
      sql\`SELECT p.likes FROM blocks b JOIN reports r ON true -- FROM swipe_passes
        WHERE x IN (SELECT 1 FROM chat_members) AND \${sql\`1 FROM push_subscriptions\`}\`;
      sql.table('kernel_jobs');
      \`FROM companies\`;
    `).map((u) => u.table).filter((t) => creators.has(t));
    expect(found.sort()).toEqual(['blocks', 'chat_members', 'kernel_jobs', 'likes', 'photos', 'profiles', 'push_subscriptions', 'reports', 'users']);
  });

  it('gives every table exactly one owner', () => {
    const shared = [...creators].filter(([, owners]) => owners.size > 1).map(([t, owners]) => `${t}: ${[...owners].join(', ')}`);
    expect(shared).toEqual([]);
  });

  it('types every table in its owner\'s tables.ts (merged into the database type)', () => {
    const declared = (owner: string) => {
      // The kernel's tables: kernel/server/tables.ts and the console's kernel/server/console/tables.ts.
      const files = owner === 'kernel' ? ['kernel/server/tables.ts', 'kernel/server/console/tables.ts']
        : [[`plugins/${owner}/server/tables.ts`, `test-fixtures/${owner}/server/tables.ts`].find((f) => fs.existsSync(path.join(root, f))) ?? `plugins/${owner}/server/tables.ts`];
      const text = files.map((f) => path.join(root, f)).filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f, 'utf8')).join('\n');
      const blocks = [...text.matchAll(/interface Tables \{([^}]*)\}/g)].map((m) => m[1]).join('\n');
      return new Set([...blocks.matchAll(/([a-z_][a-z0-9_]*)\s*:/g)].map((m) => m[1]));
    };
    const missing = [...creators].flatMap(([table, owners]) => [...owners].filter((o) => !declared(o).has(table)).map((o) => `${table} (${o})`));
    expect(missing).toEqual([]);
  });

  it('lets only the owner name a table in SQL', () => {
    const hits = new Set<string>();
    for (const u of uses) {
      const owners = creators.get(u.table);
      const mine = ownerOf(u.file)!;
      if (!owners || owners.has(mine)) continue;
      const hit = `${u.file}: ${u.table} (${[...owners].join(', ')})`;
      if (!(hit in ALLOWED)) hits.add(hit);
    }
    expect([...hits].sort()).toEqual([]);
  });

  it('keeps the allow-list current', () => {
    const live = new Set(uses.map((u) => `${u.file}: ${u.table} (${[...(creators.get(u.table) ?? [])].join(', ')})`));
    expect(Object.keys(ALLOWED).filter((k) => !live.has(k))).toEqual([]);
  });
});
