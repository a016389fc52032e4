import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from '../../../kernel/server/testing.ts';
import { addMember } from '../../testing.ts';
import { membersRef } from '../../members/server.ts';
import { afterPath, signupInterests } from '../contract.ts';

// What a signup may bring besides the steps' answers: `interests` for the new profile (an icons
// lander's picks) and `after`, a same-site path the widget's hand-off link leads to (a profile
// lander: the conversation with that member).
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 0 }); });
afterAll(async () => { await t?.close(); });

let ip = 0;
const signup = async (over: Record<string, unknown> = {}) => {
  const email = `extras${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await t.app.inject({
    method: 'POST', url: '/api/signup.php', remoteAddress: `198.51.100.${++ip}`,
    headers: { 'x-request-type': 'client', 'content-type': 'application/json' },
    payload: {
      gender: 'female', looking_for: ['male'], date_of_birth: '1991-03-04', country: 'GB', region: 'devon', city: 'Exeter',
      name: 'Extra', email, password: 'long-enough-1', ...over,
    },
  });
  return { res, email };
};
const pathOf = (url: string) => { const u = new URL(url); return u.pathname + u.search; };
const interestsOf = async (userId: number) => (await t.kernel.services.get(membersRef).profile(userId, userId))!.interests;

describe('signup with interests', () => {
  it('saves the interests to the new profile', async () => {
    const { res } = await signup({ interests: ['hiking', 'coffee', 'travelling'] });
    expect(res.statusCode).toBe(200);
    expect((await interestsOf(res.json().user.id)).sort()).toEqual(['coffee', 'hiking', 'travelling']);
  });

  it('works from the widget too (with a hand-off link), and without interests as before', async () => {
    const widget = await signup({ interests: ['wine'], handoff: true });
    expect(widget.res.statusCode).toBe(200);
    expect(await interestsOf(widget.res.json().user.id)).toEqual(['wine']);
    const plain = await signup();
    expect(plain.res.statusCode).toBe(200);
    expect(await interestsOf(plain.res.json().user.id)).toEqual([]);
  });

  it('takes members\' interest keys only, each once, at most 10; anything else is a 400 naming the field and makes no account', async () => {
    const eleven = ['adventure', 'animals', 'art', 'beach', 'beer', 'biking', 'coffee', 'cooking', 'dancing', 'fashion', 'gym'];
    for (const interests of [['hiking', 'not_an_interest'], ['hiking', 'hiking'], eleven, 'hiking', [1]]) {
      const { res, email } = await signup({ interests });
      expect(res.statusCode, JSON.stringify(interests)).toBe(400);
      expect(res.json().error).toBe('invalid_input');
      expect(res.json().message).toMatch(/interests/);
      expect(await t.kernel.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    }
    expect((await signup({ interests: eleven.slice(0, 10) })).res.statusCode).toBe(200);
  });

  it('the widget option is cleaned the same way (a list or "a,b", members\' keys, at most 10)', () => {
    expect(signupInterests('hiking, coffee,,nope,hiking')).toEqual(['hiking', 'coffee']);
    expect(signupInterests(['wine', 3, 'tea'])).toEqual(['wine', 'tea']);
    expect(signupInterests(undefined)).toEqual([]);
    expect(signupInterests('adventure,animals,art,beach,beer,biking,coffee,cooking,dancing,fashion,gym')).toHaveLength(10);
  });
});

describe('signup with `after`', () => {
  it('the hand-off link leads there instead of the suggestions', async () => {
    const { res } = await signup({ handoff: true, after: '/members/123/chat' });
    expect(res.statusCode).toBe(200);
    const { user, handoff_url } = res.json();
    // The link itself says nothing of it: the path is kept with the token.
    expect(handoff_url).not.toMatch(/members/);
    const opened = await t.app.inject({ method: 'GET', url: pathOf(handoff_url) });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('http://localhost:3000/members/123/chat');
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie: sessionCookie(opened) })).json().user.id).toBe(user.id);
  });

  it('without it, the suggestions as before', async () => {
    const { handoff_url } = (await signup({ handoff: true })).res.json();
    expect((await t.app.inject({ method: 'GET', url: pathOf(handoff_url) })).headers.location).toBe('http://localhost:3000/signup-matches?api_signup_complete=1');
  });

  it('is kept when a logged-in browser is asked to switch accounts first', async () => {
    const member = await addMember(t);
    const { handoff_url } = (await signup({ handoff: true, after: '/members/77/chat' })).res.json();
    const opened = await t.app.inject({ method: 'GET', url: pathOf(handoff_url), headers: { cookie: member.cookie } });
    const token = new URL(opened.headers.location as string).searchParams.get('token')!;
    const yes = await t.call({ method: 'POST', url: '/api/signup-switch.php', cookie: member.cookie, payload: { token } });
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toEqual({ redirect: '/members/77/chat' });
  });

  it('is a path on this site only: absolute addresses, other hosts, dot segments, queries are refused with a 400 and no account', async () => {
    for (const after of ['https://evil.example/members/1/chat', '//evil.example/x', '/\\evil.example', '/members/../admin', '/members/1/chat?x=1',
      'members/1/chat', '/members//chat', 'javascript:alert(1)', '/%2F%2Fevil.example', `/${'a'.repeat(250)}`, '']) {
      const { res, email } = await signup({ handoff: true, after });
      expect(res.statusCode, after).toBe(400);
      expect(res.json().error, after).toBe('invalid_input');
      expect(await t.kernel.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(), after).toBeUndefined();
    }
    expect(afterPath('/members/12/chat')).toBe('/members/12/chat');
    expect(afterPath('/chats')).toBe('/chats');
    for (const bad of ['http://x/y', '//x', '/a/../b', '/a?b', '/a#b', '/a b', 42, null]) expect(afterPath(bad), String(bad)).toBeNull();
  });

  it('leaves an in-site signup (session cookie, no hand-off) as it was', async () => {
    const { res } = await signup({ after: '/members/5/chat' });
    expect(res.statusCode).toBe(200);
    expect(res.json().handoff_url).toBeUndefined();
    expect(sessionCookie(res)).toMatch(/^sid=/);
  });
});
