// `npm start`: build when needed, migrate, make the demo member and first demo profiles, serve app and API on
// one port, then seed the rest of the demo data in the background (SEED_WAIT=1: all before serving).
import { buildIfStale } from './build-if-stale.ts';
import { startServer } from '../kernel/server/main.ts';

buildIfStale();
await startServer();
