// The one list of browser plugins the kernel boots (manifests only: pages load lazily).
import type { WebPlugin } from '../kernel/web/plugin.ts';
import auth from './auth/manifest.ts';
import home from './home/manifest.ts';
import members from './members/manifest.ts';
import siteEntry from './site-entry/manifest.ts';
import pages from './pages/manifest.ts';
import account from './account/manifest.ts';
import signup from './signup/manifest.ts';
import notifications from './notifications/manifest.ts';
import profile from './profile/manifest.ts';
import likes from './likes/manifest.ts';
import swipeGame from './swipe-game/manifest.ts';
import matchFinder from './match-finder/manifest.ts';
import chat from './chat/manifest.ts';
import push from './push/manifest.ts';

export const webPlugins: WebPlugin[] = [auth, home, members, pages, siteEntry, account, signup, notifications, profile, likes, swipeGame, matchFinder, chat, push];
