import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { serviceRef } from '../../kernel/server/services.ts';
import { authRef } from '../../plugins/auth/server.ts';
import helloPlugin from './plugin.ts';

export interface HelloService { greetings: number; jobsRun: string[] }
export const helloRef = serviceRef<HelloService>('hello');

/** Its API route, a socket message, a domain-tagged job and a field on the user object. */
export default defineServerPlugin(helloPlugin, {
  init(kernel) {
    const state: HelloService = { greetings: 0, jobsRun: [] };
    kernel.services.provide(helloRef, state);
    kernel.realtime.onMessage('hello:ping', async (userId) => {
      state.greetings++;
      await kernel.realtime.publish(userId, { type: 'hello:pong' });
    });
    kernel.jobs.handle('hello:job', async (payload) => void state.jobsRun.push(String(payload.domain)));
    kernel.services.get(authRef).extendUser(kernel.self, async () => ({ hello: true }) as object);
  },
  api(app) {
    app.get('/hello.php', { config: { access: 'visitor' } }, async (req) => ({ greeting: req.site.hello_greeting }));
  },
});
