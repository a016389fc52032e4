// `npm start`: build when needed, migrate, seed demo data once, serve app and API on one port.
import { buildIfStale } from './build-if-stale.ts';
import { startServer } from '../kernel/server/main.ts';

buildIfStale();
await startServer();
