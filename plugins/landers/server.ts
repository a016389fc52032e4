import type { FastifyReply, FastifyRequest } from 'fastify';
import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { pageHeaders, sendHtml, type CompressedHtml } from '../../kernel/server/shell.ts';
import { putBounded } from '../../kernel/server/bounded.ts';
import { requestLocale } from '../../kernel/server/request.ts';
import { readTexts } from '../../kernel/server/text-files.ts';
import type { Kernel } from '../../kernel/server/plugin.ts';
import type { SiteSettings } from '../../kernel/contract/settings.ts';
import { isListed, membersRef, nicheInterestCounts, pickNicheMembers, type MembersService } from '../members/server.ts';
import { TRACKING_COOKIE, trackingFrom } from '../signup/contract.ts';
import landersPlugin from './plugin.ts';
import { interestList, LANDER_NAMES, PROFILE_LANDERS, landerCards, landerInterests, nicheOfSlug, type InterestCounts, type LanderFrame, type LanderName, type ProfileLanderName } from './contract.ts';
import { readLanderAssets, type LanderAssets } from './server/assets.ts';
import type { LanderContext } from './server/data.ts';
import { LOADERS } from './server/loaders/index.ts';
import { renderLander } from './server/render.tsx';

/** Visitor HTML is kept this long per domain, language, niche, lander, slug and country (nothing personal is in it). */
export const LANDER_CACHE_MS = 60_000;
const CACHE_SIZE = 500;
/** The traffic source cookie the signup reads (signup's contract): kept 30 days. */
const TRACKING_DAYS = 30;
/** The footer of a lander: these pages, where their plugin is on for the site. */
const FOOTER = ['pages-terms', 'pages-privacy', 'pages-cookies', 'pages-ban', 'complaints', 'pages-return-policy', 'pages-faq', 'pages-service'] as const;
const FOOTER_LABEL: Record<(typeof FOOTER)[number], string> = {
  'pages-terms': 'terms', 'pages-privacy': 'privacy', 'pages-cookies': 'cookies', 'pages-ban': 'ban', complaints: 'complaints',
  'pages-return-policy': 'return_policy', 'pages-faq': 'faq', 'pages-service': 'service',
};

/** A rendered lander and its compressed bytes (made as browsers ask for them). */
interface CachedPage { html: string; at: number; compressed: CompressedHtml }

interface State {
  assets: LanderAssets;
  cache: Map<string, CachedPage>;
  /** The icons lander's interest counts, per domain, niche and picked interests, kept as long as pages. */
  interestCounts: Map<string, { counts: InterestCounts; at: number }>;
}

/**
 * The texts a lander's page carries: the shared ones (call to action, frame), its niche's, and its
 * own (`<lander>.*`; the profile landers share `profile.*`) — not the whole namespace.
 */
function textsFor(all: Record<string, unknown>, lander: LanderFrame['lander'], niche: number): Record<string, unknown> {
  const own = (PROFILE_LANDERS as readonly string[]).includes(lander) ? ['profile', lander] : [lander];
  const niches = (all.niche ?? {}) as Record<string, unknown>;
  return Object.fromEntries([
    ...Object.entries(all).filter(([k]) => !['niche', ...LANDER_NAMES, ...PROFILE_LANDERS, 'profile'].includes(k) || own.includes(k)),
    ['niche', { [niche]: niches[niche] }],
  ]);
}

function frameOf(kernel: Kernel, req: FastifyRequest, lander: LanderFrame['lander'], niche: number): LanderFrame {
  const locale = requestLocale(req);
  const texts = readTexts(locale, ['landers', 'pages']);
  const pageLabels = (texts.pages?.nav ?? {}) as Record<string, string>;
  const footer = FOOTER.flatMap((name) => {
    const path = kernel.routePath(req.site, name);
    return path ? [{ path, label: pageLabels[FOOTER_LABEL[name]] ?? name }] : [];
  });
  return {
    lander, niche, locale,
    site: { name: req.site.name, domain: req.site.domain },
    signupPath: kernel.routePath(req.site, 'signup') ?? kernel.routePath(req.site, 'login') ?? '/',
    footer,
    texts: textsFor(texts.landers ?? {}, lander, niche),
  };
}

/** The tracking parameters of the address, kept in the signup's traffic-source cookie (works without JavaScript too). */
function rememberTracking(req: FastifyRequest, reply: FastifyReply) {
  const query: Record<string, unknown> = { ...(req.query ?? {}) };
  const tracking = trackingFrom(Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string')));
  if (!Object.keys(tracking).length) return;
  reply.setCookie(TRACKING_COOKIE, JSON.stringify(tracking), { path: '/', maxAge: TRACKING_DAYS * 86400, sameSite: 'lax' });
}

async function serveLander(kernel: Kernel, state: State, members: MembersService, req: FastifyRequest, reply: FastifyReply,
  lander: LanderName | ProfileLanderName, opts: { slug?: string; memberId?: number } = {}) {
  if (!LOADERS[lander]) return reply.callNotFound();
  rememberTracking(req, reply);
  const page = await landerPage(kernel, state, members, req, lander, opts);
  pageHeaders(reply, 'public');
  return sendHtml(req, reply, page.html, page.compressed);
}

/**
 * The lander's page, from the cache when fresh. A profile lander whose member may not be shown
 * (invisible, deleted, not active, no main photo, unknown: asked on every request, cached or not)
 * is the niche's gallery instead, under the gallery's own cache key; so is any lander whose loader
 * says `instead`.
 */
async function landerPage(kernel: Kernel, state: State, members: MembersService, req: FastifyRequest,
  lander: LanderName | ProfileLanderName, opts: { slug?: string; memberId?: number }): Promise<CachedPage> {
  if (opts.memberId != null && !(await isListed(kernel.db, opts.memberId))) return landerPage(kernel, state, members, req, 'gallery', { slug: opts.slug });
  const niche = nicheOfSlug(opts.slug, req.site.niche);
  const site: SiteSettings = niche === req.site.niche ? req.site : { ...req.site, niche, niche_audience: null };
  const country = req.site.geoip_selected_country;
  const locale = requestLocale(req);
  const key = [req.site.domain, locale, niche, lander, opts.slug ?? '', opts.memberId ?? '', country].join('|');
  const hit = state.cache.get(key);
  if (hit && Date.now() - hit.at < LANDER_CACHE_MS) return hit;
  const ctx: LanderContext = { db: kernel.db, members, site, country, slug: opts.slug, memberId: opts.memberId, locale };
  const loaded = await LOADERS[lander](ctx);
  if (loaded.instead) return landerPage(kernel, state, members, req, loaded.instead, { slug: opts.slug });
  const frame = frameOf(kernel, req, lander, niche);
  const texts = frame.texts as { niche?: Record<string, { title?: string; description?: string }> };
  const html = await renderLander({
    frame, data: loaded.data, hero: loaded.hero,
    title: texts.niche?.[niche]?.title ?? req.site.index_title ?? req.site.name,
    description: texts.niche?.[niche]?.description ?? req.site.description ?? '',
  }, state.assets);
  const page: CachedPage = { html, at: Date.now(), compressed: {} };
  putBounded(state.cache, key, page, CACHE_SIZE);
  return page;
}

export default defineServerPlugin(landersPlugin, {
  deps: { members: membersRef },
  init(kernel): State {
    return { assets: readLanderAssets(kernel.config.distDir), cache: new Map(), interestCounts: new Map() };
  },
  api(app, kernel) {
    const members = kernel.deps.members;
    // More faces for a swipe deck (the tinderswipe lander, the swipe widget on partners' pages).
    kernel.serve(app, landerCards, async (req) => {
      const niche = req.query.niche ?? req.site.niche;
      const site = niche === req.site.niche ? req.site : { ...req.site, niche, niche_audience: null };
      const exclude = (req.query.exclude ?? '').split(',').filter(Boolean).map(Number).filter(Number.isSafeInteger).slice(0, 200);
      const ids = await pickNicheMembers(kernel.db, site, { limit: 20, country: req.site.geoip_selected_country, exclude });
      return { cards: await members.summaries(null, ids, req.site.cdn_prefix) };
    });
    // The icons lander: how many of the niche's members share the interests the visitor picked.
    kernel.serve(app, landerInterests, { rateLimit: { max: 120 * kernel.config.rateLimitFactor, timeWindow: '1 minute' } }, async (req) => {
      const niche = req.query.niche ?? req.site.niche;
      const site = niche === req.site.niche ? req.site : { ...req.site, niche, niche_audience: null };
      const picked = interestList(req.query.interests).sort();
      const key = [req.site.domain, niche, picked.join(',')].join('|');
      const hit = kernel.state.interestCounts.get(key);
      if (hit && Date.now() - hit.at < LANDER_CACHE_MS) return hit.counts;
      const counts = await nicheInterestCounts(kernel.db, site, picked);
      putBounded(kernel.state.interestCounts, key, { counts, at: Date.now() }, CACHE_SIZE);
      return counts;
    });
  },
  pages(app, kernel) {
    const { members } = kernel.deps;
    const state = kernel.state;
    const opts = { config: { access: 'visitor' as const } };
    app.get('/landers/tinderswipe', opts, (req, reply) => serveLander(kernel, state, members, req, reply, 'tinderswipe'));
    app.get<{ Params: { name: string; slug?: string } }>('/landers/:name/:slug?', opts, (req, reply) => {
      const name = req.params.name;
      // An unknown lander is the site's 404; an unknown slug is the domain's niche (see nicheOfSlug).
      if (!(LANDER_NAMES as readonly string[]).includes(name)) return reply.callNotFound();
      return serveLander(kernel, state, members, req, reply, name as LanderName, { slug: req.params.slug });
    });
    // The profile landers: one member (by id) in three looks, and the signup beside them.
    const profile = (lander: ProfileLanderName) => (req: FastifyRequest<{ Params: { id: string; slug?: string } }>, reply: FastifyReply) => {
      const id = Number(req.params.id);
      if (!Number.isSafeInteger(id) || id < 1 || id > 2147483647) return reply.callNotFound();
      return serveLander(kernel, state, members, req, reply, lander, { memberId: id, slug: req.params.slug });
    };
    app.get('/members/:id/landing', opts, profile('landing'));
    app.get('/members/:id/landing2/:slug?', opts, profile('landing2'));
    app.get('/members/:id/landing3/:slug?', opts, profile('landing3'));
    app.get('/members/:id/signup', opts, profile('signup'));
  },
});
