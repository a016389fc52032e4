import { reaction } from 'mobx';
import { definePlugin, type WebKernel } from '../../kernel/web/plugin.ts';
import { AUTO_LIKE_RELOAD_MS } from './contract.ts';
import './web/events.ts';
import type { ProfileSummary } from '../members/contract.ts';
import { routeRef } from '../../kernel/contract/routes.ts';
import { likesSlice } from './web/store.ts';
import likesPlugin from './plugin.ts';

const likes = (k: { store: Record<string, unknown> }) => likesSlice.of(k);

/**
 * The `t` query parameter (paid traffic): after t seconds a demo member's like is shown in the
 * new-like modal, and the parameter leaves the address.
 */
function scheduleLikeModal(kernel: WebKernel): () => void {
  const seconds = Number(new URL(location.href).searchParams.get('t'));
  if (!Number.isFinite(seconds) || seconds < 0 || !new URL(location.href).searchParams.has('t')) return () => {};
  const timer = setTimeout(async () => {
    const url = new URL(location.href);
    url.searchParams.delete('t');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    if (!kernel.appState.loggedIn) return;
    const profile = await likes(kernel).autoLike().catch(() => null);
    if (!profile) return;
    kernel.appState.openModal('new-like', { profile });
    setTimeout(() => void likes(kernel).load(), AUTO_LIKE_RELOAD_MS);
  }, Math.min(seconds, 3600) * 1000);
  return () => clearTimeout(timer);
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
declare module '../../kernel/web/ui/Icon.tsx' { interface IconNames { heart: true } }
declare module '../../kernel/web/plugin.ts' {
  interface ModalProps {
    /** The spec's new-like modal: the liker, and whether its button offers a chat instead of the profile. */
    'new-like': { profile: ProfileSummary; startChat?: boolean };
  }
}

const memberProfile = routeRef('members-id');

export default definePlugin(likesPlugin, {
  icons: { heart: 'M12 20.5 4.3 13A5 5 0 0 1 12 6.6 5 5 0 0 1 19.7 13L12 20.5zm0-2.8 6.3-6.1a3 3 0 1 0-4.6-3.9L12 9.4l-1.7-1.7a3 3 0 1 0-4.6 3.9l6.3 6.1z' },
  store: likesSlice,
  pages: [
    { name: 'likes', backButton: true, access: 'member', area: 'members', titleKey: 'likes:title', page: () => import('./web/LikesPage.tsx') },
    { name: 'likes-type', access: 'member', titleKey: 'likes:title', page: () => import('./web/LikesPage.tsx') },
  ],
  navItems: [{
    id: 'likes', slot: 'top', order: 30, icon: 'heart', labelKey: 'likes:nav', route: 'likes',
    when: (ctx) => ctx.loggedIn, badge: (ctx) => likes(ctx).newCount, badgeTone: () => 'unread',
  }],
  panels: [
    { id: 'like', slot: 'member-actions', order: 10, component: () => import('./web/LikeButton.tsx') },
    { id: 'heart', slot: 'member-card', order: 10, when: (ctx) => ctx.loggedIn, component: () => import('./web/LikeHeart.tsx') },
  ],
  modals: [{ id: 'new-like', size: 'full', component: () => import('./web/NewLikeModal.tsx') }],
  attentionCount: (ctx) => likes(ctx).newCount,
  setup(kernel) {
    const store = likes(kernel);
    const open = ({ id }: { id: number }) => {
      kernel.appState.closeModal('new-like');
      const path = kernel.router.resolve(memberProfile, { id });
      if (path) kernel.router.go(path);
    };
    const offs = [
      reaction(() => kernel.appState.loggedIn, (inn) => (inn ? void store.load() : store.clear()), { fireImmediately: true }),
      kernel.bus.on('poll', () => void store.load()),
      kernel.bus.on('members:profile-opened', ({ id }) => void store.markSeen(id)),
      kernel.bus.on('likes:image-pressed', open),
      kernel.bus.on('likes:button-pressed', open),
      scheduleLikeModal(kernel),
    ];
    return () => offs.forEach((off) => off());
  },
});
