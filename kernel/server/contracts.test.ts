import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSchema } from 'typebox';
import { discoverServerPlugins, serverPlugins } from '../../plugins/server.ts';
import { depsProblem } from './plugin.ts';
import type { EndpointDef } from '../contract/endpoint.ts';
import { createTestApp, type TestApp } from './testing.ts';

// Contracts written once (issue "contracts"), checked on the plugins as they are: deps that fit the
// descriptors, exact settings schemas a form can be built from, and every endpoint a contract
// declares served from it (and no API route without one).
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const fixtures = await discoverServerPlugins(path.join(root, 'test-fixtures'));
const plugins = [...serverPlugins, ...fixtures];

type Schema = TSchema & Record<string, unknown>;
/** Where a schema cannot be shown as a form: an object without properties, a value of any type. */
function formProblems(schema: Schema, where: string): string[] {
  const out: string[] = [];
  const kids = (s: Schema): [string, Schema][] => [
    ...Object.entries((s.properties ?? {}) as Record<string, Schema>).map(([k, v]) => [`${k}`, v] as [string, Schema]),
    ...Object.entries((s.patternProperties ?? {}) as Record<string, Schema>).map(([k, v]) => [`<${k}>`, v] as [string, Schema]),
    ...(s.items && typeof s.items === 'object' ? [['[]', s.items as Schema] as [string, Schema]] : []),
    ...((s.anyOf ?? s.oneOf ?? []) as Schema[]).map((v, i) => [`|${i}`, v] as [string, Schema]),
  ];
  const visit = (s: Schema, at: string) => {
    const typed = 'type' in s || 'const' in s || 'enum' in s || 'anyOf' in s || 'oneOf' in s;
    if (!typed) out.push(`${at}: no type`);
    if (s.type === 'object' && !s.properties && !s.patternProperties) out.push(`${at}: an object without properties`);
    if (s.type === 'array' && !s.items) out.push(`${at}: an array without items`);
    for (const [k, v] of kids(s)) visit(v, `${at}/${k}`);
  };
  visit(schema, where);
  return out;
}

describe('plugin contracts', () => {
  it('each plugin uses only services of the plugins it requires (or optionally uses)', () => {
    expect(plugins.map((p) => depsProblem(p)).filter(Boolean)).toEqual([]);
    expect(plugins.filter((p) => p.deps && Object.keys(p.deps).length).length).toBeGreaterThan(5);
  });

  it('gives every setting an exact schema with a title and a description (the console builds its forms from them)', () => {
    const problems = plugins.flatMap((p) => Object.entries(p.settings ?? {}).flatMap(([name, def]) => {
      const s = def.schema as Schema;
      return [
        ...(typeof s.title === 'string' && s.title ? [] : [`${p.id}.${name}: no title`]),
        ...(typeof s.description === 'string' && s.description ? [] : [`${p.id}.${name}: no description`]),
        ...formProblems(s, `${p.id}.${name}`),
      ];
    }));
    expect(problems).toEqual([]);
    expect(plugins.flatMap((p) => Object.keys(p.settings ?? {})).length).toBeGreaterThan(10);
  });

  it('finds the form problems it is meant to find', () => {
    expect(formProblems({ type: 'object' } as Schema, 'x')).toEqual(['x: an object without properties']);
    expect(formProblems({ type: 'object', properties: { a: {} } } as Schema, 'x')).toEqual(['x/a: no type']);
  });
});

describe('endpoints and routes', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ profiles: 0, plugins }); });
  afterAll(() => t?.close());

  /** Every endpoint exported by a contract file (the kernel's and each plugin's). */
  async function declared(): Promise<EndpointDef[]> {
    const files = [
      ...fs.readdirSync(path.join(root, 'kernel/contract')).map((f) => path.join(root, 'kernel/contract', f)),
      ...['plugins', 'test-fixtures'].flatMap((d) => fs.readdirSync(path.join(root, d)).map((id) => path.join(root, d, id, 'contract.ts'))),
    ].filter((f) => f.endsWith('.ts') && fs.existsSync(f));
    const found: EndpointDef[] = [];
    for (const f of files) {
      for (const v of Object.values(await import(f) as Record<string, unknown>)) {
        if (v && typeof v === 'object' && 'method' in v && 'path' in v && 'access' in v) found.push(v as EndpointDef);
      }
    }
    return found;
  }
  const key = (method: string, url: string, flag?: unknown) => `${method} ${url}${typeof flag === 'string' ? `?${flag}=1` : ''}`;

  it('serves every endpoint a contract declares, from that contract', async () => {
    const served = new Map(t.routes.filter((r) => r.endpoint).map((r) => [key(r.method, r.endpoint!.path, r.endpoint!.flag), r.endpoint]));
    const all = await declared();
    expect(all.length).toBeGreaterThan(60);
    // Test hooks exist only with TEST_HOOKS=1 (this app has none).
    const missing = all.filter((e) => !e.path.startsWith('/api/test/') && served.get(key(e.method, e.path, e.flag)) !== e).map((e) => key(e.method, e.path, e.flag));
    expect(missing).toEqual([]);
  });

  it('registers no API route without a contract', () => {
    const bare = t.routes.filter((r) => r.url.startsWith('/api/') && !r.endpoint && r.method !== 'HEAD' && !r.url.startsWith('/api/test/')).map((r) => key(r.method, r.url, r.constraints?.flag));
    expect(bare).toEqual([]);
  });
});
