import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginSpeed } from './scripts/rsbuild-speed.ts';

const apiPort = Number(process.env.API_PORT ?? Number(process.env.PORT ?? 3000) + 1);
const distRoot = process.env.DIST_DIR ?? 'dist';
// The i18n namespaces that have text files: the browser asks the server only for these (a plugin
// without texts is an empty namespace, never a request answered 404).
const textNamespaces = ['kernel', ...fs.readdirSync('plugins', { withFileTypes: true })
  .filter((e) => e.isDirectory() && fs.existsSync(path.join('plugins', e.name, 'locales', 'en.json'))).map((e) => e.name).sort()];

export default defineConfig({
  // pluginSpeed: precompressed .br/.gz files and the route → page chunk map the server preloads from.
  plugins: [pluginReact(), pluginSpeed()],
  // DIST_DIR: build elsewhere (the server reads the same variable), e.g. two checks side by side.
  output: { distPath: { root: distRoot }, legalComments: 'none' },
  environments: {
    // The app.
    web: {
      source: { entry: { index: './kernel/web/boot.tsx' } },
      html: {
        template: './kernel/web/index.html',
        // Font preloads (performance.preload below) say their type.
        tags: [(tags) => { for (const t of tags) if (t.attrs?.as === 'font') t.attrs.type = 'font/woff2'; }],
      },
      performance: {
        chunkSplit: {
          strategy: 'split-by-experience',
          // All the app's styles in one stylesheet with the first page (about 11 KiB compressed): a
          // page rendered on the server paints its lazy parts (a banner, the like hearts) styled
          // without a stylesheet each to wait for, and no page the member opens waits for one.
          override: { cacheGroups: { styles: { name: 'styles', type: 'css/mini-extract', chunks: 'all', enforce: true, priority: 100 } } },
        },
        // The Latin Open Sans files of body text (400) and headings (700) start with the HTML
        // (<link rel="preload" as="font" crossorigin>); the other faces load when a page uses them.
        preload: { type: 'all-assets', include: [/open-sans-latin-(400|700)-normal\.[0-9a-f]+\.woff2$/] },
      },
    },
    // The app's entry pages rendered on the server for visitors (kernel/web/ssr.tsx, read by
    // kernel/server/shell.ts from <dist>/server/ssr.js): the same components as the web build.
    ssr: {
      source: { entry: { ssr: './kernel/web/ssr.tsx' } },
      output: {
        target: 'node',
        distPath: { root: path.join(distRoot, 'server'), js: '' },
        filename: { js: '[name].js' },
        // The page's styles come from the web build; the class names are the same.
        emitCss: false,
      },
      performance: { chunkSplit: { strategy: 'all-in-one' } },
      tools: { htmlPlugin: false },
    },
    // The landers (plugins/landers): pages the server renders itself, hydrated by this small script
    // on Preact (React DOM alone would be past the landers' 60 KiB budget); one chunk per lander.
    landers: {
      source: { entry: { lander: './plugins/landers/web/client.tsx' } },
      output: {
        distPath: { root: path.join(distRoot, 'lander'), js: 'static/js', jsAsync: 'static/js', css: 'static/css', font: 'static/font' },
        assetPrefix: '/lander/',
        manifest: true,
      },
      performance: { chunkSplit: { strategy: 'all-in-one' } },
      // Its own chunk loading global: the signup widget (another build) loads on the same page.
      tools: { htmlPlugin: false, rspack: { output: { uniqueName: 'flirt-landers' } } },
    },
    // The operator console (kernel/web/console, every plugin's plugins/<id>/console.ts): its own page
    // at /operator and its own chunks under /console/, so nothing of it reaches members' pages.
    console: {
      source: { entry: { console: './kernel/web/console/boot.tsx' } },
      html: { template: './kernel/web/console/index.html' },
      output: { distPath: { root: path.join(distRoot, 'console') }, assetPrefix: '/console/' },
      performance: { chunkSplit: { strategy: 'split-by-experience' } },
      tools: { rspack: { output: { uniqueName: 'flirt-console' } } },
    },
    // The embeddable widgets (widgets/): <dist>/widgets/loader.js is what a partner page loads (small,
    // stable address, revalidated); it loads each widget lazily from static/ (hashed, cached for
    // good), from wherever loader.js came from.
    widgets: {
      source: { entry: { loader: './widgets/loader.ts' } },
      output: {
        distPath: { root: path.join(distRoot, 'widgets'), js: '', jsAsync: 'static/js' },
        filename: { js: (data) => (data.chunk?.name === 'loader' ? '[name].js' : '[name].[contenthash:8].js') },
        // Replaced at run time by the address loader.js came from (widgets/loader.ts).
        assetPrefix: '/widgets/',
        // Styles go into the widget's shadow root, never into the page's <head>: style-loader hands
        // each CSS text to widgets/kernel/style-transform.cjs, which keeps them in one constructed
        // stylesheet the shadow roots adopt; its insert() puts nothing into the page.
        injectStyles: true,
      },
      // The shared components' react-i18next calls run on the widgets' small i18n (widgets/kernel/react-i18n.tsx).
      resolve: { alias: { 'react-i18next$': path.resolve('widgets/kernel/react-i18n.tsx') } },
      performance: { chunkSplit: { strategy: 'all-in-one' } },
      tools: {
        htmlPlugin: false,
        // Text files (locales/, plugins/<id>/locales) as JSON files the widget fetches in its language.
        rspack: {
          // Its own chunk loading global: partner pages (and the landers) may run other rspack bundles.
          output: { uniqueName: 'flirt-widgets' },
          module: {
            rules: [{
              test: /[\\/]locales[\\/][a-z]{2}\.json$/,
              type: 'asset/resource',
              generator: { filename: 'static/texts/[name].[contenthash:8].json' },
            }],
          },
        },
        styleLoader: {
          insert: path.resolve('widgets/kernel/style-insert.cjs'),
          styleTagTransform: path.resolve('widgets/kernel/style-transform.cjs'),
        },
      },
    },
  },
  // Browser builds (app and widgets): code may leave out what only the server needs, e.g. a plugin
  // descriptor's large setting defaults (the browser gets resolved values from settings.php).
  // Contracts' TypeBox schemas are types only in the browser (kernel/contract/typebox-browser.ts).
  // react-i18next's shim of useSyncExternalStore (for React 17) is React 19's own hook here.
  // qs: superagent's only use of it is a form body the app never sends (kernel/web/shims/qs.ts).
  resolve: { alias: { typebox$: path.resolve('kernel/contract/typebox-browser.ts'), 'use-sync-external-store/shim$': path.resolve('kernel/web/shims/use-sync-external-store.ts'), qs$: path.resolve('kernel/web/shims/qs.ts') } },
  source: {
    define: {
      'process.env.FLIRT_BROWSER': JSON.stringify('1'),
      'process.env.FLIRT_TEXT_NAMESPACES': JSON.stringify(textNamespaces.join(',')),
    },
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
          // Schemas are types only in the browser: their builder calls become `{}` (the loader's comment says why).
          test: /\.tsx?$/,
          include: [/[\\/]kernel[\\/]/, /[\\/]plugins[\\/]/, /[\\/]widgets[\\/]/, /[\\/]test-fixtures[\\/]/],
          exclude: /node_modules/,
          enforce: 'pre',
          use: [{ loader: path.resolve('scripts/strip-schemas-loader.cjs') }],
        }, {
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
