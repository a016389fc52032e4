// The HTML shell and the static files of the built browser app (dist/), plus compression.
//
// Every page address answers with dist/index.html holding, inline, what the browser kernel would
// otherwise fetch one after another before the first paint: the domain's settings, the language
// file and whatever plugins add (the auth plugin: the logged-in user), and preload links for the
// chunks of the address's page. Static files go out precompressed (.br/.gz written by the build).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { SiteSettings } from '../contract/settings.ts';
import { texts as textsEndpoint } from '../contract/api.ts';
import type { Serve } from './endpoints.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import type { Logger } from 'pino';
import type { ServerConfig } from './config.ts';
import { MEDIA_PREFIX } from './storage.ts';
import { requestLocale } from './request.ts';
import { LOCALES, type Locale } from '../contract/locales.ts';
import { readTexts, textFolders } from './text-files.ts';
import type { IntlUse } from '../contract/intl.ts';
import { DISMISSED_BOOT, DISMISSED_COOKIE, dismissedKeys } from '../contract/dismissed.ts';
import { BOOT_ELEMENT_ID, ROUTE_CHUNKS_FILE, type RouteChunks } from '../contract/boot.ts';
import { putBounded } from './bounded.ts';
import { defaultAccess } from './access.ts';
import { LATE_SCRIPTS_CSP, hasDeferredScripts, withLateScripts } from './late-scripts.ts';

/** A value for the first paint, computed per page request (errors are logged and give null). */
export type BootProvider = (req: FastifyRequest) => unknown;

/** `kernel.bootData`: plugins add what the browser needs before its first paint. */
export interface BootDataRegistry {
  /**
   * Adds `data[name]` to the inline boot block; the browser reads it with `kernel.bootData(name)`.
   * `images` names the pictures of that value the first screen shows (site paths): the page's head
   * preloads them, so they download while the scripts do, not after the app has rendered.
   */
  add(name: string, provider: BootProvider, options?: { images?: (value: never) => string[] }): void;
  collect(req: FastifyRequest): Promise<Record<string, unknown>>;
  /** The first-screen pictures of collected boot data (at most MAX_PRELOADED_IMAGES, site paths only). */
  images(data: Record<string, unknown>): string[];
}

/** More preloads than a phone's first screen shows would take bandwidth from the scripts. */
export const MAX_PRELOADED_IMAGES = 4;

export function createBootData(log: Pick<Logger, 'error'>): BootDataRegistry {
  const providers = new Map<string, BootProvider>();
  const imageLists = new Map<string, (value: never) => string[]>();
  return {
    add(name, provider, options) {
      if (providers.has(name)) throw new Error(`boot data ${name} is added twice`);
      providers.set(name, provider);
      if (options?.images) imageLists.set(name, options.images);
    },
    images(data) {
      const out: string[] = [];
      for (const [name, list] of imageLists) {
        if (data[name] == null) continue;
        try {
          for (const src of list(data[name] as never)) if (/^\/[^/\\]/.test(src) && !out.includes(src)) out.push(src);
        } catch (err) {
          log.error({ err, name }, 'boot images failed');
        }
      }
      return out.slice(0, MAX_PRELOADED_IMAGES);
    },
    async collect(req) {
      const entries = await Promise.all([...providers].map(async ([name, provider]) => {
        try {
          return [name, (await provider(req)) ?? null] as const;
        } catch (err) {
          // The page still works without it: the browser falls back to asking the API.
          log.error({ err, name }, 'boot data failed');
          return [name, undefined] as const;
        }
      }));
      return Object.fromEntries(entries.filter(([, v]) => v !== undefined));
    },
  };
}

/**
 * Compressed API answers: JSON (and text) above 1 KiB, brotli or gzip per Accept-Encoding. Only
 * routes under /api/ (never the WebSocket); static files are precompressed, media are images.
 * Must be registered before the routes.
 */
export async function registerCompression(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const ws = (route as { websocket?: boolean }).websocket;
    if (!route.url.startsWith('/api/') || ws) route.compress = false;
  });
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^(?:application\/(?:[\w.+-]+\+)?json|text\/(?!event-stream))/,
    // Request bodies are never inflated (a small upload must not become a huge one).
    globalDecompression: false,
  });
}

// The app shell loads only its own scripts; images may come from a CDN (cdn_prefix); styles include
// React's style attributes. Framing by other sites is refused (widgets embed as scripts, not frames).
// The inline boot block is JSON (type="application/json"): never executed. The one inline script, a
// rendered page's script loader (late-scripts.ts), is allowed by its hash.
const CSP = [
  "default-src 'self'", `script-src 'self' ${LATE_SCRIPTS_CSP}`, "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob: https:",
  "font-src 'self'", "media-src 'self' https:", "connect-src 'self' ws: wss:", "frame-ancestors 'self'", "base-uri 'self'", "form-action 'self'", "object-src 'none'",
].join('; ');

/** `<` as \u003c: the JSON can never close its script element nor open a comment. */
export const scriptSafe = (json: string) => json.replace(/</g, '\\u003c');

/** The headers of every HTML page the server writes (the shell, a plugin's server-rendered page). */
export function pageHeaders(reply: FastifyReply, cache: 'private' | 'public' = 'private') {
  reply.header('Content-Security-Policy', CSP);
  reply.header('X-Frame-Options', 'SAMEORIGIN');
  // A public page (nothing personal in it) may be kept by the browser a minute; the shell never.
  reply.header('Cache-Control', cache === 'public' ? 'public, max-age=60' : 'no-cache, private');
}

interface CompiledRoute { re: RegExp; name: string; access: string; guestsOnly?: boolean; plugin: string; serves?: string; ssr?: boolean; files: string[]; texts?: RouteChunks['routes'][number]['texts'] }

/** navigo pattern → RegExp (`:id` one segment, `:slug?` an optional one). */
export function patternRegExp(pattern: string): RegExp {
  const body = pattern.split('/').filter(Boolean).map((seg) => {
    const m = /^:(\w+)(\?)?$/.exec(seg);
    if (!m) return `/${seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    return m[2] ? '(?:/[^/]+)?' : '/[^/]+';
  }).join('');
  return new RegExp(`^${body}/?$`);
}

/** What index.html needs per request, re-read when a new build replaces it. */
function shellSource(distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const chunksFile = path.join(distDir, ROUTE_CHUNKS_FILE);
  let cached: { mtime: string; html: string; routes: CompiledRoute[]; parts: Record<string, string[]> } | null = null;
  return () => {
    const index = fs.statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs;
    if (index === undefined) return null;
    // Both files: a build writes the route map after index.html, and a server that read in between
    // must not keep a page without its routes.
    const mtime = `${index}/${fs.statSync(chunksFile, { throwIfNoEntry: false })?.mtimeMs}`;
    if (cached?.mtime === mtime) return cached;
    const html = fs.readFileSync(indexFile, 'utf8');
    let routes: CompiledRoute[] = [];
    let parts: Record<string, string[]> = {};
    if (fs.existsSync(chunksFile)) {
      const map = JSON.parse(fs.readFileSync(chunksFile, 'utf8')) as RouteChunks;
      parts = map.parts ?? {};
      routes = map.routes.map((r) => ({ re: patternRegExp(r.path), name: r.name, access: r.access, guestsOnly: r.guestsOnly, plugin: r.plugin, serves: r.serves, ssr: r.ssr, files: r.files, texts: r.texts }));
    }
    cached = { mtime, html, routes, parts };
    return cached;
  };
}

const texts = new Map<string, string>();
/** One namespace of one language as script-safe JSON text (read once), or null when it has no file. */
function namespaceTexts(locale: Locale, ns: string): string | null {
  const key = `${locale}/${ns}`;
  let t = texts.get(key);
  if (t === undefined) {
    const tree = readTexts(locale, [ns])[ns];
    t = tree ? scriptSafe(JSON.stringify(tree)) : '';
    texts.set(key, t);
  }
  return t || null;
}

/**
 * The texts the page needs (kernel/web/texts.ts decides, the build wrote it per route): the kernel's,
 * the route's owner's, its layout's labels' for this visitor or member, of the plugins switched on
 * here. Without a route, the kernel's (the browser loads the rest); with a build that did not say,
 * every namespace.
 */
function textsFor(route: CompiledRoute | undefined, locale: Locale, plugins: ReadonlySet<string>, loggedIn: boolean, rendered: readonly string[] = []): { json: string; partial: string[] } {
  const who = loggedIn ? 'member' : 'visitor';
  const decided = route?.texts?.[who];
  // Of these only the layout's labels (a footer link to the terms needs no terms).
  const labels = route?.texts?.labels?.[who] ?? {};
  // `rendered`: those the server's render of the page showed beyond them (a banner's, say): whole.
  const wanted = !route ? ['kernel'] : [...new Set([...(decided?.filter((ns) => ns === 'kernel' || plugins.has(ns)) ?? [...textFolders().keys()]), ...rendered])];
  const partial: string[] = [];
  const json = `{${wanted.flatMap((ns) => {
    const keys = rendered.includes(ns) ? undefined : labels[ns];
    const t = keys ? labelTexts(locale, ns, keys) : namespaceTexts(locale, ns);
    if (t && keys) partial.push(ns);
    return t ? [`${JSON.stringify(ns)}:${t}`] : [];
  }).join(',')}}`;
  return { json, partial };
}

/** Some keys of a namespace (`nav.terms`: a path; plural forms `nav.terms_one`… come along), as JSON. */
function labelTexts(locale: Locale, ns: string, keys: readonly string[]): string | null {
  const key = `${locale}/${ns}/${keys.join()}`;
  let t = texts.get(key);
  if (t === undefined) {
    const tree = readTexts(locale, [ns])[ns];
    t = tree ? scriptSafe(JSON.stringify(pickKeys(tree, keys))) : '';
    texts.set(key, t);
  }
  return t || null;
}

export function pickKeys(tree: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const path = key.split('.');
    const last = path.pop()!;
    let from: unknown = tree;
    let to = out;
    for (const step of path) {
      from = (from as Record<string, unknown> | undefined)?.[step];
      if (!from || typeof from !== 'object') break;
      to = (to[step] ??= {}) as Record<string, unknown>;
    }
    if (!from || typeof from !== 'object') continue;
    for (const [k, v] of Object.entries(from as Record<string, unknown>)) if (k === last || k.startsWith(`${last}_`)) to[k] = v;
  }
  return out;
}

/** Visitor HTML of server-rendered pages is kept this long (faces and texts change slowly). */
export const SSR_CACHE_MS = 60_000;
const SSR_CACHE_SIZE = 500;
/** The page as HTML for `#root`, and the names of the lazy parts in it (kernel/web/ssr.tsx). */
type Rendered = { html: string; parts: string[]; texts: string[]; intl?: IntlUse[] };
type RenderPage = (url: string, boot: unknown, readTexts: (ns: string) => Record<string, unknown> | null) => Promise<Rendered | null>;

/**
 * The app's pages rendered on the server (`<dist>/server/ssr.js`, the build's `ssr` environment from
 * kernel/web/ssr.tsx). A visitor's page holds nothing personal (the settings a browser may see, the
 * texts, no user) and is kept per address and boot block; a member's is rendered for them each time.
 * Without a build of it (tests, `npm run dev`) pages are sent as before, rendered in the browser.
 */
function serverRenderer(distDir: string, log: Pick<Logger, 'error'>) {
  const file = path.join(distDir, 'server', 'ssr.js');
  let renderPage: Promise<RenderPage | null> | null = null;
  const load = () => (renderPage ??= fs.existsSync(file)
    ? import(pathToFileURL(file).href).then((m: { renderPage?: RenderPage; default?: { renderPage?: RenderPage } }) => m.renderPage ?? m.default?.renderPage ?? null)
      .catch((err: unknown) => { log.error({ err }, 'ssr: the server bundle does not load; pages render in the browser'); return null; })
    : Promise.resolve(null));
  const cache = new Map<string, { html: Rendered | null; at: number }>();
  return {
    async render(req: FastifyRequest, locale: string, bootJson: string): Promise<Rendered | null> {
      // A member's page holds what is theirs (who they are, what they may see): never kept.
      const shared = req.userId == null;
      // The render follows from the address and the boot block alone: the same pair, the same HTML
      // (a page whose data changed — the search's first results — is rendered again).
      const key = shared ? `${req.url}|${crypto.createHash('sha1').update(bootJson).digest('base64url')}` : '';
      const hit = shared ? cache.get(key) : undefined;
      if (hit && Date.now() - hit.at < SSR_CACHE_MS) return hit.html;
      const render = await load();
      if (!render) return null;
      // From the texts read once per language and namespace (a copy per render: i18next keeps it).
      const readNamespace = (ns: string) => {
        const json = namespaceTexts(locale as Locale, ns);
        return json ? JSON.parse(json) as Record<string, unknown> : null;
      };
      const html = await render(req.url, JSON.parse(bootJson), readNamespace).catch((err: unknown) => {
        log.error({ err, url: req.url }, 'ssr: render failed; the page renders in the browser');
        return null;
      });
      if (shared) putBounded(cache, key, { html, at: Date.now() }, SSR_CACHE_SIZE);
      return html;
    },
  };
}

/** The route whose page the browser will show for an address, following its access rules. */
function pageFor(routes: CompiledRoute[], pathname: string, plugins: ReadonlySet<string>, loggedIn: boolean): CompiledRoute | undefined {
  const on = (r: CompiledRoute) => plugins.has(r.plugin);
  const serving = (what: string) => routes.find((r) => r.serves === what && on(r));
  const route = routes.find((r) => on(r) && r.re.test(pathname));
  if (!route) return undefined;
  // A visitor on a members' page is sent to log in; a member on a visitors' page to the search.
  if ((route.access === 'member' || route.access === 'operator') && !loggedIn) return serving('login');
  if (route.guestsOnly && loggedIn) return serving('members-home');
  return route;
}

/** A value for a double-quoted HTML attribute. */
const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function preloadLinks(files: string[], rendered = false): string {
  // A page rendered on the server shows before its chunk runs: its styles must be there for the
  // first paint (a stylesheet, not a preload), or the page jumps when they arrive. The chunk's
  // loader finds the link by its href and adds no second one.
  return files.map((f) => (f.endsWith('.css')
    ? `<link rel="${rendered ? 'stylesheet' : 'preload" as="style'}" href="${f}">`
    : `<link rel="preload" as="script" href="${f}">`)).join('');
}

/** br, gzip or none, as the request accepts (q=0 refuses). */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  const ok = new Set((accept ?? '').split(',').flatMap((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    return q !== undefined && Number(q) === 0 ? [] : [name];
  }));
  if (ok.has('br')) return 'br';
  if (ok.has('gzip') || ok.has('*')) return 'gzip';
  return null;
}

function compressHtml(html: string, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    // Quality 5: a few ms for the shell, within a few percent of the best brotli does on it.
    ? zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length } })
    : zlib.gzipSync(html, { level: 6 });
}

/** A page's compressed bytes, per encoding, kept by whoever sends the same page again. */
export type CompressedHtml = Partial<Record<'br' | 'gzip', Buffer>>;

/**
 * Sends a server-rendered page (a plugin's, outside /api so not compressed on the fly) compressed as
 * the browser accepts. `kept` holds the bytes of a page that is sent again (a cached lander).
 */
export function sendHtml(req: FastifyRequest, reply: FastifyReply, html: string, kept?: CompressedHtml) {
  reply.type('text/html; charset=utf-8');
  // The language comes from the cookie or the browser's languages.
  reply.header('Vary', 'Cookie, Accept-Encoding, Accept-Language');
  const encoding = pickEncoding(req.headers['accept-encoding']);
  if (!encoding) return reply.send(html);
  const body = kept?.[encoding] ?? compressHtml(html, encoding);
  if (kept) kept[encoding] = body;
  reply.header('Content-Encoding', encoding);
  return reply.send(body);
}

/** The shells of visitors (no user in them) repeat: their compressed bytes are kept. */
const anonymousCache = new Map<string, Buffer>();
const ANONYMOUS_CACHE_SIZE = 64;

export interface ShellOptions {
  config: ServerConfig;
  bootData: BootDataRegistry;
  /** Sets req.site and req.userId as the API's onRequest hook does. */
  identify(req: FastifyRequest): Promise<void>;
  /** The ids of the plugins switched on for a site (the kernel's one switch). */
  enabled(site: SiteSettings): ReadonlySet<string>;
  /** What of a site's settings the browser may see (as GET /api/settings.php answers them). */
  browserSettings(site: SiteSettings): Partial<SiteSettings>;
  /** Registers an endpoint's route (kernel.serve). */
  serve: Serve;
  log: Pick<Logger, 'error'>;
}

/** Static files of dist/ and the HTML shell for `/` and every history-mode page address. */
export function registerShell(app: FastifyInstance, { config, bootData, identify, enabled, browserSettings, serve, log }: ShellOptions) {
  // The resolved site object is shared until its settings change: so is its JSON.
  const settingsJson = new WeakMap<SiteSettings, string>();
  const settingsOf = (site: SiteSettings) => {
    let json = settingsJson.get(site);
    if (!json) settingsJson.set(site, json = scriptSafe(JSON.stringify(browserSettings(site))));
    return json;
  };
  // The alerts this browser dismissed (its cookie): the page is rendered without them, as the browser shows it.
  bootData.add(DISMISSED_BOOT, (req) => {
    const keys = dismissedKeys(req.cookies?.[DISMISSED_COOKIE]);
    return keys.length ? keys : null;
  });
  const source = shellSource(config.distDir);
  const hasDist = fs.existsSync(path.join(config.distDir, 'index.html'));
  const ssr = serverRenderer(config.distDir, log);

  // The texts the browser loads later (kernel/web/i18n.ts): one namespace in one language, from the
  // same files the boot block reads. Not part of the bundle's chunk graph, so the initial JavaScript
  // carries no map of 165 text chunks. Revalidated by ETag (texts change only with a deploy).
  const etags = new Map<string, string>();
  serve(app, textsEndpoint, async (req, reply) => {
    const { lang, ns } = req.query;
    const body = namespaceTexts(lang, ns);
    if (body === null) return reply.status(404).send({ error: 'not_found', message: `No texts ${ns} in ${lang}` });
    const key = `${lang}/${ns}`;
    let etag = etags.get(key);
    if (!etag) etags.set(key, etag = `"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`);
    reply.header('Cache-Control', 'public, max-age=300, must-revalidate');
    reply.header('ETag', etag);
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });

  const shellHeaders = (reply: FastifyReply) => {
    reply.header('Content-Security-Policy', CSP);
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    // It holds the member's own data: browsers revalidate it, shared caches never keep it.
    reply.header('Cache-Control', 'no-cache, private');
    reply.header('Vary', 'Cookie, Accept-Encoding');
  };

  const serveShell = async (req: FastifyRequest, reply: FastifyReply) => {
    const shell = source();
    if (!shell) return reply.status(404).send({ error: 'not_found', message: 'The app is not built' });
    await identify(req);
    const locale = requestLocale(req);
    const data = await bootData.collect(req);
    const pathname = req.url.split('?')[0];
    const plugins = enabled(req.site);
    const page = pageFor(shell.routes, pathname, plugins, req.userId != null);
    const bootWith = (rendered: readonly string[] = [], intl: readonly IntlUse[] = []) => {
      const texts = textsFor(page, locale, plugins, req.userId != null, rendered);
      return `{"settings":${settingsOf(req.site)},"locale":"${locale}","texts":${texts.json},"partialTexts":${JSON.stringify(texts.partial)},"data":${scriptSafe(JSON.stringify(data))}${intl.length ? `,"intl":${scriptSafe(JSON.stringify(intl))}` : ''}}`;
    };
    let boot = bootWith();
    let files = page?.files ?? [];
    // The page as the browser shows it at this address (not one it sends the visitor on to; ssr.tsx
    // declines the rest).
    const rendering = Boolean(page?.ssr && page.re.test(pathname));
    // An entry page for visitors arrives with the page in it (the browser hydrates it, boot.tsx).
    const rendered = rendering ? await ssr.render(req, locale, boot) : null;
    if (rendered) {
      // What its parts (a banner, a card's panel) showed comes with it: their styles for the first
      // paint, their texts for hydrating.
      files = [...new Set([...files, ...rendered.parts.flatMap((name) => shell.parts[name] ?? [])])];
      if (rendered.texts.length || rendered.intl?.length) boot = bootWith(rendered.texts, rendered.intl);
    }
    const images = bootData.images(data).map((src) => `<link rel="preload" as="image" fetchpriority="high" href="${attr(src)}">`).join('');
    // A rendered page asks for its code once its first screen has painted (late-scripts.ts).
    const late = rendered != null && hasDeferredScripts(shell.html);
    const preloaded = late ? files.filter((f) => f.endsWith('.css')) : files;
    const head = `${images}${preloadLinks(preloaded, rendering)}<script type="application/json" id="${BOOT_ELEMENT_ID}">${boot}</script>`;
    let html = shell.html.replace('</head>', `${head}</head>`);
    if (late) html = withLateScripts(html, files.filter((f) => !f.endsWith('.css')));
    // The parts' code loads before the browser hydrates (boot.tsx): nothing in it waits for a chunk.
    if (rendered) html = html.replace('<div id="root"></div>', () => `<div id="root" data-parts="${attr(rendered.parts.join(' '))}">${rendered.html}</div>`);

    shellHeaders(reply);
    reply.type('text/html; charset=utf-8');
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    const key = `${encoding}\n${html}`;
    let body = req.userId == null ? anonymousCache.get(key) : undefined;
    if (!body) {
      body = compressHtml(html, encoding);
      if (req.userId == null) {
        putBounded(anonymousCache, key, body, ANONYMOUS_CACHE_SIZE);
      }
    }
    reply.header('Content-Encoding', encoding);
    return reply.send(body);
  };

  if (hasDist) {
    // The bundle is public; @fastify/static cannot declare an access level on its routes, so its scope does.
    app.register(async (files) => {
      defaultAccess(files, 'visitor');
      await files.register(fastifyStatic, {
        root: config.distDir, prefix: '/', index: false, wildcard: true, preCompressed: true,
        // index.html only as the shell (with its boot block); compressed copies only through preCompressed.
        // The server-side bundle (server/) is the server's, not a download.
        // The console's page comes only from its route (/operator, with its own headers).
        allowedPath: (p) => p !== '/index.html' && !/\.(?:br|gz)$/.test(p) && !p.startsWith('/server/') && p !== '/console/console.html',
        setHeaders(reply, file) {
          // Hashed bundle files never change; everything else is revalidated.
          reply.header('Cache-Control', /[\\/]static[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
    // The page shell: the browser router decides per route who may see what (plugin.ts RouteDef.access).
    app.get('/', { compress: false, config: { access: 'visitor' } }, serveShell);
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !req.url.startsWith('/api/')
      && !req.url.startsWith(MEDIA_PREFIX) && !req.url.startsWith('/static/');
    // History-mode routing: the browser router decides what the path shows, including its 404.
    if (wantsPage && hasDist) return serveShell(req, reply);
    return reply.status(404).send({ error: 'not_found', message: `${req.method} ${req.url.split('?')[0]} not found` });
  });
}
