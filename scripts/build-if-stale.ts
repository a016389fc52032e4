import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const SOURCES = ['kernel', 'plugins', 'widgets', 'public', 'rsbuild.config.ts', 'package-lock.json'];

function newest(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return fs.readdirSync(p).reduce((m, name) => (name === 'node_modules' ? m : Math.max(m, newest(path.join(p, name)))), st.mtimeMs);
}

/** Builds the browser app when dist/ (or DIST_DIR) is missing or older than any source it is made from. */
export function buildIfStale(root = process.cwd()) {
  // DIST_DIR: the build the server will serve (kernel/server/config.ts, rsbuild.config.ts read it too).
  const index = path.join(path.resolve(root, process.env.DIST_DIR ?? 'dist'), 'index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const source = Math.max(...SOURCES.map((s) => newest(path.join(root, s))));
  if (built >= source) return false;
  console.log(built ? 'Sources changed since the last build: rebuilding the app…' : 'No build yet: building the app…');
  execFileSync(process.execPath, [path.join(root, 'node_modules', '@rsbuild', 'core', 'bin', 'rsbuild.js'), 'build'], { stdio: 'inherit', cwd: root });
  return true;
}
