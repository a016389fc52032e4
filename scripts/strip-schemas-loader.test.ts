import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const stripSchemas = createRequire(import.meta.url)('./strip-schemas-loader.cjs') as (this: { resourcePath: string }, source: string) => string;
const strip = (source: string) => stripSchemas.call({ resourcePath: '/x/plugin.ts' }, source);

describe('the browser builds\' schema stripper', () => {
  it('turns each outermost TypeBox builder call into {}', () => {
    const out = strip("const A = Type.Object({ a: Type.String({ title: 'Long help text' }) });\nexport const n = 1;");
    expect(out).toBe('const A = ({});\nexport const n = 1;');
  });

  it('empties a plugin descriptor\'s settings and keeps everything else of it', () => {
    const out = strip(`export const p = definePluginDescriptor({
  id: 'x',
  requires: ['auth'],
  settings: { big: setting({ schema: Type.Object({}), default: { EUR: [1, 2, 3] }, browser: true }) },
  routes: { x: '/x', y: Type.Literal('y') },
});`);
    expect(out).toContain("id: 'x'");
    expect(out).toContain("requires: ['auth']");
    expect(out).toContain('settings: ({})');
    expect(out).not.toMatch(/EUR|setting\(/);
    expect(out).toContain("routes: { x: '/x', y: ({}) }");
  });

  it('keeps of an endpoint what a browser call needs: method, path, flag', () => {
    const out = strip(`export const e = endpoint({
  method: 'POST', path: '/api/user.php', access: 'member', flag: 'push',
  body: Type.Object({ a: Type.String() }), response: Shared, csrfExempt: true,
});`);
    expect(out).toBe("export const e = endpoint({ method: 'POST', path: '/api/user.php', flag: 'push' });");
  });

  it('leaves a file without schemas or descriptors untouched', () => {
    const source = 'export const settings = { a: 1 };';
    expect(strip(source)).toBe(source);
  });
});
