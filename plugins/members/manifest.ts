import { definePlugin } from '../../kernel/web/plugin.ts';
import { searchOf } from './web/store.ts';
import type { MemberResponse, MembersResponse, Profile, ProfileSummary } from './contract.ts';
import { membersSlice } from './web/store.ts';
import membersPlugin from './plugin.ts';

declare module '../../kernel/web/plugin.ts' {
  interface PanelSlots {
    /** The profile page's actions (like, chat: other plugins), shown to logged-in members on another member's unblocked profile. */
    'member-actions': { profile: Profile };
    /** Buttons on a member's card in a grid (a like heart). */
    'member-card': { profile: ProfileSummary };
  }
  interface ModalProps {
    /** Reporting a profile to support. */
    report: { id: number; name: string };
  }
}

export default definePlugin(membersPlugin, {
  store: membersSlice,
  pages: [
    { name: 'members', access: 'visitor', serves: 'members-home', area: 'members', ssr: true, titleKey: 'members:search.title', page: () => import('./web/MembersPage.tsx') },
    { name: 'members-id', access: 'visitor', backButton: true, area: 'members', ssr: true, titleKey: 'members:profile.title', page: () => import('./web/ProfilePage.tsx') },
    // The spec's likes-m-id is the same screen, reached from the likes lists.
    { name: 'likes-m-id', area: 'members', access: 'member', titleKey: 'members:profile.title', page: () => import('./web/ProfilePage.tsx') },
  ],
  modals: [{ id: 'report', size: 'md', component: () => import('./web/ReportModal.tsx') }],
  panels: [{ id: 'invisible', slot: 'settings', order: 10, component: () => import('./web/InvisibleSetting.tsx') }],
  navItems: [
    {
      id: 'search', slot: 'top', order: 10, icon: 'search', labelKey: 'members:nav.search', route: 'members',
      when: (ctx) => ctx.loggedIn || ctx.settings.logged_out_search !== 'none',
    },
    { id: 'my-profile', slot: 'account', order: 10, labelKey: 'members:nav.myProfile', route: 'members-id', params: (ctx) => ({ id: ctx.appState.userId ?? 0 }) },
  ],
  hydrate(kernel) {
    // The first unfiltered page of the search, when the HTML carries it (boot data: the server puts
    // it only into /members without filters, and into / for members, who land on the search).
    const inline = kernel.bootData<MembersResponse | null>('members-search');
    if (inline) membersSlice.of(kernel).hydrate(inline);
    // A profile's address carries that profile (boot data: as profile.php answers it).
    const shown = kernel.bootData<MemberResponse | null>('member-profile');
    if (shown) membersSlice.of(kernel).hydrateProfile(shown.profile);
  },
  setup(kernel) {
    // The search starts with the route, while the page's chunk is still on its way (the page asks
    // for the same search and finds it running): the first cards' photos are the page's LCP.
    const search = () => {
      if (kernel.appState.route.name !== 'members') return;
      const { filter, page } = searchOf(kernel.appState.route.query);
      void membersSlice.of(kernel).search(filter, page);
    };
    // A page the server rendered is set up once hydrated, after its route's first event.
    search();
    return kernel.bus.on('route:changed', search);
  },
});
