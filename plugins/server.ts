// The one list of server plugins the kernel loads (order does not matter: `requires` decides).
import type { ServerPlugin } from '../kernel/server/plugin.ts';
import auth from './auth/server.ts';
import members from './members/server.ts';
import siteEntry from './site-entry/server.ts';
import pages from './pages/server.ts';
import account from './account/server.ts';
import signup from './signup/server.ts';
import notifications from './notifications/server.ts';
import profile from './profile/server.ts';
import likes from './likes/server.ts';
import swipeGame from './swipe-game/server.ts';
import matchFinder from './match-finder/server.ts';
import chat from './chat/server.ts';
import push from './push/server.ts';

export const serverPlugins: ServerPlugin[] = [auth, members, pages, siteEntry, account, signup, notifications, profile, likes, swipeGame, matchFinder, push, chat];
