import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

const apiPort = Number(process.env.API_PORT ?? Number(process.env.PORT ?? 3000) + 1);

export default defineConfig({
  plugins: [pluginReact()],
  source: { entry: { index: './kernel/web/boot.tsx' } },
  html: { template: './kernel/web/index.html' },
  output: { distPath: { root: 'dist' }, legalComments: 'none' },
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
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
