import { orderPlugins, type Kernel, type SeedOptions, type ServerPlugin } from './plugin.ts';

/** Runs every plugin's idempotent seed in dependency order. */
export async function runSeeds(kernel: Kernel, plugins: ServerPlugin[], opts: SeedOptions) {
  for (const p of orderPlugins(plugins)) {
    if (!p.seed) continue;
    const started = Date.now();
    await p.seed(kernel, opts);
    kernel.log.info({ plugin: p.id, ms: Date.now() - started }, 'seeded');
  }
}
