// `npm run dev`: the API (restarting on change) on PORT+1 behind the Rsbuild dev server with hot reload on PORT.
import { spawn } from 'node:child_process';

const port = Number(process.env.PORT ?? 3000);
const apiPort = port + 1;
const env = { ...process.env, API_PORT: String(apiPort) };
const children = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'kernel/server/main.ts'], {
    stdio: 'inherit', env: { ...env, PORT: String(apiPort) },
  }),
  spawn(process.execPath, ['node_modules/@rsbuild/core/bin/rsbuild.js', 'dev'], { stdio: 'inherit', env: { ...env, PORT: String(port) } }),
];
const stop = () => { for (const c of children) c.kill('SIGTERM'); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
