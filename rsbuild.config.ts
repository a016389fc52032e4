import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginSpeed } from './scripts/rsbuild-speed.ts';

const apiPort = Number(process.env.API_PORT ?? Number(process.env.PORT ?? 3000) + 1);

export default defineConfig({
  // pluginSpeed: precompressed .br/.gz files and the route → page chunk map the server preloads from.
  plugins: [pluginReact(), pluginSpeed()],
  source: { entry: { index: './kernel/web/boot.tsx' } },
  html: {
    template: './kernel/web/index.html',
    // Font preloads (performance.preload below) say their type.
    tags: [(tags) => { for (const t of tags) if (t.attrs?.as === 'font') t.attrs.type = 'font/woff2'; }],
  },
  // DIST_DIR: build elsewhere (the server reads the same variable), e.g. two checks side by side.
  output: { distPath: { root: process.env.DIST_DIR ?? 'dist' }, legalComments: 'none' },
  performance: {
    chunkSplit: { strategy: 'split-by-experience' },
    // The Latin Open Sans files of body text (400) and headings (700) start with the HTML
    // (<link rel="preload" as="font" crossorigin>); the other faces load when a page uses them.
    preload: { type: 'all-assets', include: [/open-sans-latin-(400|700)-normal\.[0-9a-f]+\.woff2$/] },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    // `npm run dev`: the API runs on the next port; the dev server forwards to it.
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/media': `http://127.0.0.1:${apiPort}` },
    historyApiFallback: true,
  },
  tools: {
    rspack: {
      module: {
        rules: [{
          // Linaria: styles are evaluated at build time and extracted to CSS files.
          test: /\.[jt]sx?$/,
          include: [/[\\/]kernel[\\/]web[\\/]/, /[\\/]plugins[\\/]/, /[\\/]widgets[\\/]/],
          exclude: /node_modules/,
          enforce: 'pre',
          use: [{
            loader: '@wyw-in-js/webpack-loader',
            options: { sourceMap: false, babelOptions: { presets: ['@babel/preset-typescript'] } },
          }],
        }],
      },
    },
  },
});
