import { definePlugin, type SlotContext } from '../../kernel/web/plugin.ts';
import { creditsBadge } from './credits-badge.ts';
import { authSlice } from '../auth/ui.ts';
import paymentsPlugin from './plugin.ts';
import type { CreditsOffer, OfferDiscount } from './contract.ts';
import { carryOffer } from './web/carried-offer.ts';

// Kept tiny: everything eager here is in the landing page's initial JavaScript; pages load lazily.
const user = (ctx: SlotContext) => (ctx.loggedIn ? authSlice.of(ctx).user : null);
const credits = (ctx: SlotContext) => user(ctx)?.credits ?? 0;

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
declare module '../../kernel/web/ui/Icon.tsx' { interface IconNames { coins: true; crown: true } }

declare module '../../kernel/web/plugin.ts' {
  interface PanelSlots {
    /**
     * On /credits, under the member's discount: what a discount source lets the member do there (the
     * bonuses plugin's code form). `discount` is the offer's; after a change the panel calls `reload`
     * and the page fetches the offer again, so every price shown is the server's.
     */
    'credits-discount': { discount: OfferDiscount | null; reload(): Promise<void> };
  }
}

export default definePlugin(paymentsPlugin, {
  icons: {
    coins: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm0 2.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11zm0 2a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7z',
    crown: 'M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5zm3.7 10h10.6l1-5.8-2.6 2.3L12 8l-3.7 5.5-2.6-2.3z',
  },
  pages: [
    { name: 'credits', access: 'member', backButton: true, ssr: true, titleKey: 'payments:credits.title', page: () => import('./web/CreditsPage.tsx') },
    { name: 'credits-repeat-order', access: 'member', backButton: true, titleKey: 'payments:repeat.title', page: () => import('./web/RepeatOrderPage.tsx') },
    { name: 'credits-id-paymentmethod', access: 'member', backButton: true, titleKey: 'payments:method.title', page: () => import('./web/MethodPage.tsx') },
    { name: 'directdebit', access: 'member', backButton: true, titleKey: 'payments:directdebit.title', page: () => import('./web/DirectDebitPage.tsx') },
    { name: 'transactions-id', access: 'member', backButton: true, titleKey: 'payments:transaction.title', page: () => import('./web/TransactionPage.tsx') },
    { name: 'premium', access: 'visitor', area: 'members', titleKey: 'payments:premium.title', page: () => import('./web/PremiumPage.tsx') },
    { name: 'pricing', access: 'visitor', titleKey: 'payments:pricing.title', page: () => import('./web/PricingPage.tsx') },
  ],
  hydrate(kernel) {
    // /credits carries the member's offer (boot data, as credits.php answers it).
    const inline = kernel.bootData<CreditsOffer | null>('credits-offer');
    if (inline) carryOffer(kernel, inline);
  },
  navItems: [
    // Paid members see their credits; the badge warns at 10 or fewer and is danger-red at 0.
    {
      id: 'credits', slot: 'top', order: 40, icon: 'coins', labelKey: 'payments:nav.credits', route: 'credits',
      when: (ctx) => !!user(ctx)?.paid_user, badgeAtZero: true,
      badge: (ctx) => (creditsBadge(credits(ctx)).show ? credits(ctx) : null), badgeTone: (ctx) => creditsBadge(credits(ctx)).tone,
    },
    { id: 'premium', slot: 'top', order: 40, icon: 'crown', labelKey: 'payments:nav.premium', route: 'premium', when: (ctx) => ctx.loggedIn && !user(ctx)?.paid_user },
  ],
  // The spec's footer order: terms, privacy, cookies, access ban (pages 0–30), pricing, …
  footerLinks: [{ id: 'pricing', order: 35, labelKey: 'payments:nav.pricing', route: 'pricing' }],
});
