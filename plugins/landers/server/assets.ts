import fs from 'node:fs';
import path from 'node:path';

/** The landers build's files (rsbuild.config.ts `landers`): its script, its styles (inlined), each lander's chunk. */
export interface LanderAssets { script: string | null; css: string; chunk(name: string): string | null }

interface Manifest { allFiles: string[]; entries: Record<string, { initial?: { js?: string[]; css?: string[] } }> }

/**
 * Read once per start from `<distDir>/lander/manifest.json`. Without a build (server tests), pages
 * are rendered all the same, without script and styles.
 */
export function readLanderAssets(distDir: string): LanderAssets {
  const file = path.join(distDir, 'lander', 'manifest.json');
  if (!fs.existsSync(file)) return { script: null, css: '', chunk: () => null };
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  const entry = manifest.entries.lander?.initial ?? {};
  // The styles go inline: the page paints without waiting for a stylesheet request.
  const css = (entry.css ?? []).map((url) => fs.readFileSync(path.join(distDir, url.replace(/^\//, '')), 'utf8')).join('\n');
  return {
    script: entry.js?.[0] ?? null,
    css,
    chunk: (name) => manifest.allFiles.find((f) => f.includes(`/lander-${name}.`) && f.endsWith('.js')) ?? null,
  };
}
