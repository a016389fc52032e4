import { definePlugin } from '../../kernel/web/plugin.ts';
import affiliatesPlugin from './plugin.ts';

/** An address with tracking parameters (network, ref, sub1–3, a click id): see contract.ts VISIT_PARAMS. */
const TRACKED = /[?&](?:network|ref|sub[123]|click_?id)=[^&]/;

export default definePlugin(affiliatesPlugin, {
  // Before the signup plugin's boot (no `requires` between them, and boots run in that order):
  // the address is read here, before signup takes its tracking parameters out of it. The rest
  // (web/visit.ts) loads only on such a page, and the first render does not wait for it.
  async boot(kernel) {
    const address = { search: location.search, pathname: location.pathname };
    if (!TRACKED.test(address.search)) return;
    void import('./web/visit.ts').then((m) => m.trackVisit(m.apiTransport(kernel.api), address)).catch(() => {});
  },
});
