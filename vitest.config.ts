import { defineConfig } from 'vitest/config';
import { webpackContextShim } from './scripts/vitest-webpack-context.ts';

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [webpackContextShim()],
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['kernel/web/**/*.test.{ts,tsx}', 'plugins/*/web/**/*.test.{ts,tsx}', 'plugins/*/pages/**/*.test.{ts,tsx}', 'plugins/*/*.test.{ts,tsx}', 'kernel/*.test.ts', 'scripts/*.test.ts', 'widgets/**/*.test.{ts,tsx}'],
          setupFiles: ['kernel/web/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['kernel/server/**/*.test.ts', 'plugins/*/server/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file opens its own database; two at a time suits a 2-core machine.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
