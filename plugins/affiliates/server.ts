import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { serviceRef } from '../../kernel/server/services.ts';
import { createOutbound, systemResolver, type Poster, type Resolver } from '../../kernel/server/outbound.ts';
import { authRef } from '../auth/server.ts';
import { createAttribution, type Attribution } from './server/attribution.ts';
import { createPostbacks, POSTBACK_JOB, POSTBACK_MAX_ATTEMPTS, type Postbacks } from './server/postbacks.ts';
import { affiliatesMigrations } from './server/migrations.ts';
import { affiliateRoutes } from './server/routes.ts';
import { affiliateTestRoutes } from './server/test-routes.ts';
import { affiliateConsoleRoutes } from './server/console-routes.ts';
import { createNetworks, type Networks } from './server/networks.ts';
import type {} from './server/tables.ts';
// The events this plugin listens to are declared by their emitters.
import type {} from '../signup/server.ts';
import type {} from '../account/server.ts';
import type {} from '../payments/server.ts';
import { attributionData } from './server/personal-data.ts';
import affiliatesPlugin from './plugin.ts';

/** What the plugin offers (its tests, and a server-rendered page that records visits itself). */
export interface AffiliatesService { attribution: Attribution; postbacks: Postbacks; networks: Networks }
export const affiliatesRef = serviceRef<AffiliatesService>('affiliates');

/** DNS and the request itself, replaced in tests (which have no network). */
export interface AffiliatesNet { resolve?: Resolver; post?: Poster }

interface State extends AffiliatesService { testCa?: string }

/**
 * Attribution and S2S postbacks: visits with tracking parameters recorded once per visitor and day
 * (the source kept 30 days in the `tracking` cookie), signups attributed, the events of each
 * source (visit, signup, activation, first purchase, purchase) written in the transaction that
 * caused them, and each event's postback delivered by the job queue through the kernel's outbound
 * rules (kernel/server/outbound.ts), signed, retried for 24 h, every attempt kept.
 */
export const createAffiliatesPlugin = (net: AffiliatesNet = {}) => defineServerPlugin(affiliatesPlugin, {
  deps: { auth: authRef },
  migrations: affiliatesMigrations,
  init(kernel) {
    const state: State = {} as State;
    const outbound = createOutbound({ ...net, testHooks: kernel.config.testHooks, testCa: () => state.testCa });
    state.attribution = createAttribution({ db: kernel.db, clock: kernel.clock, jobs: kernel.jobs });
    state.networks = createNetworks({ db: kernel.db, clock: kernel.clock });
    state.postbacks = createPostbacks({
      db: kernel.db, clock: kernel.clock, sites: kernel.sites, outbound, log: kernel.log, networks: state.networks,
      results: kernel.metrics.counter({
        name: 'affiliates_postbacks_total', labelNames: ['result', 'outcome'] as const,
        help: 'Postback attempts on this instance: result delivered, retrying, failed (given up) or skipped; outcome of the attempt (delivered, redirect, http_error, refused, timeout, error, skipped)',
      }),
    });
    kernel.services.provide(affiliatesRef, { attribution: state.attribution, postbacks: state.postbacks, networks: state.networks });

    kernel.jobs.handle(POSTBACK_JOB, (p) => state.postbacks.deliver(p.postback), { maxAttempts: POSTBACK_MAX_ATTEMPTS });
    kernel.events.on('signup:completed', (p, trx) => state.attribution.onSignup(trx, p));
    kernel.events.on('account:activated', (p, trx) => state.attribution.onActivation(trx, p));
    kernel.events.on('payments:paid', (p, trx) => state.attribution.onPaid(trx, p));
    kernel.deps.auth.onErase((userId, trx) => state.attribution.forget(trx, userId));
    // A member's copy of their data holds the partner's link they came through and what the partner was told.
    kernel.deps.auth.addPersonalData(attributionData);
    return state;
  },
  api: (app, kernel) => {
    affiliateRoutes(app, kernel, kernel.state.attribution);
    affiliateConsoleRoutes(app, kernel, { networks: kernel.state.networks, resolve: net.resolve ?? systemResolver });
  },
  // The networks of the `affiliate_networks` setting (config/sites.json) become rows once; the console's edits win.
  seed: (kernel) => kernel.state.networks.importSettings(kernel.sites),
  testRoutes: (app, kernel) => affiliateTestRoutes(app, kernel, kernel.state),
});

export default createAffiliatesPlugin();
