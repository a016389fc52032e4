// The one list of server plugins the kernel loads (order does not matter: `requires` decides).
import type { ServerPlugin } from '../kernel/server/plugin.ts';
import auth from './auth/server.ts';
import members from './members/server.ts';

export const serverPlugins: ServerPlugin[] = [auth, members];
