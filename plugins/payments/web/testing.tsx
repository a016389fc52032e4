// Payments pages in the real app shell for web unit tests: auth's and this plugin's manifests, a
// stand-in for credits (no browser half), the kernel's layouts and real texts, a scripted API.
import { Suspense, type ComponentType } from 'react';
import { act, configure, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createKernel } from '../../../kernel/web/kernel.ts';
import { KernelContext } from '../../../kernel/web/context.ts';
import { App } from '../../../kernel/web/App.tsx';
import { Bus } from '../../../kernel/web/bus.ts';
import { fakeApi, testPlugin } from '../../../kernel/web/testing.ts';
import type { PageProps, WebPlugin } from '../../../kernel/web/plugin.ts';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import type { User } from '../../auth/contract.ts';
import authManifest from '../../auth/manifest.ts';
import paymentsManifest from '../manifest.ts';
import type { CreditPackage, CreditsOffer, OfferedMethod, Payment } from '../contract.ts';

export const member = (over: Partial<User> = {}): User => ({
  id: 7, email: 'piotr@example.com', status: 'active', credits: 12, paid_user: true, signup_date: '2026-01-02T10:00:00Z',
  language: null, fictional_icon: '', notifications_disabled: [],
  profile: { name: 'Piotr', country: 'PL', status: 'active', main_image: null }, ...over,
});

export const PLN_PACKAGES: CreditPackage[] = [
  { id: 1, credits: 50, price: 4299, currency: 'PLN' },
  { id: 2, credits: 150, price: 10499, currency: 'PLN', popular: true },
  { id: 3, credits: 400, price: 24999, currency: 'PLN' },
  { id: 4, credits: 1000, price: 54999, currency: 'PLN' },
];
export const PL_METHODS: OfferedMethod[] = [
  { method: 'creditcard', fee: 0 }, { method: 'applepay', fee: 0 }, { method: 'paypal', fee: 0 },
  { method: 'paysafecard', fee: 400, max: 21000 }, { method: 'banktransfer', fee: 0, delayed: true },
  { method: 'przelewy24', fee: 0 }, { method: 'blik', fee: 0 },
];
export const plOffer = (over: Partial<CreditsOffer> = {}): CreditsOffer => ({ country: 'PL', currency: 'PLN', packages: PLN_PACKAGES, methods: PL_METHODS, discount: null, welcome: null, last_order: null, ...over });

export const payment = (over: Partial<Payment> = {}): Payment => ({
  id: 31, package_id: 2, credits: 150, amount: 10499, fee: 0, discount: 0, currency: 'PLN', method: 'blik', country: 'PL',
  status: 'open', created_at: '2026-11-24T09:00:00Z', paid_at: null, refundable_credits: 0, refundable_amount: 0, refund_until: null,
  refunded_credits: 0, refunded_amount: 0, repeat: false, account_hint: null, ...over,
});

// The first test of a file waits for the page chunk to be transformed: more than the default second.
configure({ asyncUtilTimeout: 5000 });

// The settings these pages read (bonuses: on when a test adds its manifest).
const settings: Partial<SiteSettings> = {
  name: 'FlirtHaven', domain_language: 'en-GB', plugins: ['payments', 'bonuses'], countries: ['PL', 'DE'], geoip_country: 'PL',
  geoip_selected_country: 'PL', refund_days: 14,
};
const credits = testPlugin({ id: 'credits', requires: ['auth'] });

type Handler = Parameters<typeof fakeApi>[0][string];

/**
 * Boots the app at `path` as `user` (null: a visitor) with these API answers (user.php is added).
 * With `page`, that page alone is rendered with `params` (for addresses the router cannot match yet);
 * `extra`: more plugins (e.g. a stand-in for signup's route).
 */
export async function openApp(path: string, user: User | null, routes: Record<string, Handler> = {},
  page?: { component: ComponentType<PageProps>; params: Record<string, string> }, extra: WebPlugin[] = []) {
  history.replaceState(null, '', path);
  const state = { user };
  const api = fakeApi({
    'GET /api/user.php': () => {
      if (!state.user) throw Object.assign(new Error('forbidden'), { status: 403 });
      return { user: state.user };
    },
    ...routes,
  });
  const bus = new Bus();
  const { kernel, registry, dispose } = await createKernel([authManifest, credits, paymentsManifest, ...extra], { api, bus, settings: settings as SiteSettings });
  // Page chunks load once per test file and bring their texts to the first kernel only; later
  // kernels (one per test) get them here.
  await kernel.i18n.loadNamespaces(['payments', 'auth']);
  const view = render(
    <KernelContext.Provider value={{ kernel, registry }}>
      <I18nextProvider i18n={kernel.i18n}>
        {page ? <Suspense fallback={null}><page.component params={page.params} query={{}} /></Suspense> : <App />}
      </I18nextProvider>
    </KernelContext.Provider>,
  );
  act(() => kernel.router.start());
  return { kernel, api, bus, state, view, dispose };
}

/** An element's text with Intl's no-break spaces as plain spaces. */
export const text = (el: Element) => (el.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
