import { expect, test, type Page } from '@playwright/test';
import { client, logInAs, newMember, setCredits } from './helpers.ts';

// A budget that stays: a members' page left alone (a phone on the table) must not keep rendering.
// React's DevTools hook (which production React calls after every commit) counts the commits and the
// components each one rendered again while nobody touches the page: the welcome bonus countdown may
// tick once a second — and re-render only its own text — and polling that brings nothing new renders
// nothing.

const IDLE_MS = 6_000;
/** At most one commit a second while idle (the countdown's tick)… */
const MAX_COMMITS = IDLE_MS / 1000;
/** …each rendering at most the countdown itself (two components, the second for slack). */
const MAX_COMPONENTS_PER_COMMIT = 2;

interface Commit { at: number; components: string[] }

/** A stand-in for React DevTools' global hook: records each commit and the components it rendered. */
function installCommitCounter() {
  const seen = new WeakMap<object, [unknown, unknown]>();
  const commits: { at: number; components: string[] }[] = [];
  (window as unknown as { __commits: typeof commits }).__commits = commits;
  // Function, class, forwardRef, memo and simple memo components.
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  type Fiber = { tag: number; type: unknown; child: Fiber | null; sibling: Fiber | null; alternate: Fiber | null; memoizedProps: unknown; memoizedState: unknown };
  const nameOf = (f: Fiber) => {
    const t = f.type as { displayName?: string; name?: string; type?: { displayName?: string; name?: string }; render?: { name?: string } } | null;
    return t?.displayName || t?.name || t?.type?.displayName || t?.type?.name || t?.render?.name || `tag${f.tag}`;
  };
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot(_id: number, root: { current: Fiber }) {
      // A component rendered in this commit when its props or state are not those seen last time.
      const rendered: string[] = [];
      const stack: Fiber[] = [root.current];
      while (stack.length) {
        const f = stack.pop()!;
        if (COMPONENT_TAGS.has(f.tag)) {
          const before = seen.get(f) ?? (f.alternate ? seen.get(f.alternate) : undefined);
          if (!before || before[0] !== f.memoizedProps || before[1] !== f.memoizedState) rendered.push(nameOf(f));
          seen.set(f, [f.memoizedProps, f.memoizedState]);
        }
        if (f.sibling) stack.push(f.sibling);
        if (f.child) stack.push(f.child);
      }
      commits.push({ at: Math.round(performance.now()), components: rendered });
    },
  };
}

/** Opens `path`, lets the page settle, then returns the commits of IDLE_MS without any input. */
async function idleCommits(page: Page, path: string, ready: () => Promise<void>): Promise<Commit[]> {
  await page.goto(path);
  await ready();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2_000); // images, late answers and effects of the first screen settle
  await page.evaluate(() => { (window as unknown as { __commits: unknown[] }).__commits.length = 0; });
  await page.waitForTimeout(IDLE_MS);
  return page.evaluate(() => (window as unknown as { __commits: Commit[] }).__commits);
}

test('members\' pages left alone render at most once a second, and only the countdown', async ({ page, baseURL }, info) => {
  test.setTimeout(180_000);
  // A member of today who has bought nothing: the welcome bonus strip counts down on every page.
  const anna = await newMember(baseURL!, { name: 'Idle', gender: 'female', lookingFor: 'male', fresh: true });
  const ben = await newMember(baseURL!, { name: 'Ben', gender: 'male', lookingFor: 'female' });
  // Ben has written to her: her conversation and /chats have something in them (the first screen of
  // /chats must show conversations).
  await setCredits(baseURL!, ben, 100);
  const sent = await fetch(`${baseURL}/api/messages.php`, {
    method: 'POST', headers: { ...client, cookie: ben.cookie },
    body: JSON.stringify({ to: anna.id, kind: 'text', text: 'Hello Anna, coffee on Sunday?', key: `idle-${Date.now()}` }),
  });
  expect(sent.status).toBe(200);
  await logInAs(page, baseURL!, anna);
  await page.addInitScript(installCommitCounter);

  const main = page.getByRole('main');
  // [address, its first screen is there, the welcome bonus strip shows (not in a conversation, nor on /credits)]
  const pages: [string, () => Promise<void>, boolean][] = [
    ['/members', () => main.getByRole('listitem').first().waitFor(), true],
    [`/members/${ben.id}`, () => main.getByRole('heading', { level: 1 }).waitFor(), true],
    [`/members/${ben.id}/chat`, () => main.getByText('Hello Anna, coffee on Sunday?').waitFor(), false],
    ['/chats', () => main.getByRole('list', { name: 'Your conversations' }).getByRole('link', { name: new RegExp(ben.name) }).waitFor(), true],
    ['/likes', () => main.getByRole('navigation', { name: 'Kinds of likes' }).waitFor(), true],
    // /credits shows the offer with its own countdown instead of the strip.
    ['/credits', () => main.getByRole('heading', { level: 1 }).waitFor(), false],
  ];
  for (const [path, ready, strip] of pages) {
    const commits = await idleCommits(page, path, ready);
    const summary = commits.map((c) => `${c.at}: ${c.components.join(', ') || '-'}`).join('\n');
    // The bonus strip is there, so its countdown ticked throughout.
    if (strip) await expect(page.getByRole('link', { name: /welcome bonus/i }).locator('time')).toBeVisible();
    expect(commits.length, `${path}: ${commits.length} commits in ${IDLE_MS / 1000} s idle:\n${summary}`).toBeLessThanOrEqual(MAX_COMMITS + 1);
    for (const c of commits) {
      expect(c.components.length, `${path}: a commit while idle rendered ${c.components.join(', ')}`).toBeLessThanOrEqual(MAX_COMPONENTS_PER_COMMIT);
    }
    // What a member sees first (this member has no photo yet: the photo alert applies).
    const name = path.replace(/\/\d+/g, '/id').replace(/\W+/g, '-').replace(/^-|-$/g, '');
    await page.screenshot({ path: `e2e/artifacts/${info.project.name}-first-screen-${name}.png` });
    if (info.project.name === 'phone' && strip) {
      // On a phone the alert is docked at the bottom of the screen, over nothing the first screen needs.
      const alert = page.locator('[data-alert-dock] [role="status"]');
      await expect(alert).toBeVisible();
      const box = (await alert.boundingBox())!;
      expect(box.y + box.height).toBeGreaterThan(page.viewportSize()!.height - 40);
      expect(box.height).toBeLessThan(110);
    }
  }
});
