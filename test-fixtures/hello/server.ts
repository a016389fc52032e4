import Type from 'typebox';
import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { memberId } from '../../kernel/server/access.ts';
import { serviceRef } from '../../kernel/server/services.ts';
import { authRef } from '../../plugins/auth/server.ts';
import { getGreeting, greet, ping } from './contract.ts';
import { helloMigrations } from './server/migrations.ts';
import type {} from './server/tables.ts';
import helloPlugin from './plugin.ts';

declare module '../../kernel/server/jobs.ts' {
  interface JobPayloads { 'hello:job': { domain: string } }
}

/** What the example offers other plugins (and its tests): counters of what it did. */
export interface HelloService { greetings: number; jobsRun: string[] }
export const helloRef = serviceRef<HelloService>('hello');

export default defineServerPlugin(helloPlugin, {
  deps: { auth: authRef },
  migrations: helloMigrations,
  init(kernel) {
    const state: HelloService = { greetings: 0, jobsRun: [] };
    kernel.services.provide(helloRef, state);
    const count = async (userId: number) => Number((await kernel.db.selectFrom('hello_greetings')
      .select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
    kernel.deps.auth.extendUser(kernel.self, { fields: { hello_greetings: Type.Integer({ minimum: 0 }) }, load: async (userId) => ({ hello_greetings: await count(userId) }) });
    kernel.realtime.onMessage(ping, async (userId) => {
      state.greetings++;
      await kernel.realtime.publish(userId, { type: 'hello:pong', greetings: state.greetings });
    });
    kernel.jobs.handle('hello:job', async (payload) => void state.jobsRun.push(payload.domain));
    return state;
  },
  api(app, kernel) {
    const onSite = async (domain: string) => Number((await kernel.db.selectFrom('hello_greetings')
      .select((eb) => eb.fn.countAll().as('n')).where('domain', '=', domain).executeTakeFirstOrThrow()).n);
    kernel.serve(app, getGreeting, async (req) => ({ greeting: req.site.hello_greeting, count: await onSite(req.site.domain) }));
    kernel.serve(app, greet, async (req) => {
      await kernel.db.insertInto('hello_greetings').values({ user_id: memberId(req), domain: req.site.domain, note: req.body.note ?? null, created_at: kernel.clock.now() }).execute();
      return { greeting: req.site.hello_greeting, count: await onSite(req.site.domain) };
    });
  },
});
