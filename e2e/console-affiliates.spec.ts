import { expect, test, type Browser, type Page } from '@playwright/test';
import { logInStaff, serverNow } from './console-helpers.ts';
import { expectAccessible, shot } from './helpers.ts';

// The console's affiliates (issue 22, part 7): an admin adds a network (its secret shown once,
// masked in the list), a visitor comes from it, its postback fails (the network's URL answers 404),
// the traffic source shows with its figures, the admin sends the postback again and copies the
// signup widget's snippet with the source's parameters; an operator reads the figures without the
// networks or the retry button; the audit log lists the changes.
test.describe.configure({ timeout: 150_000 });

async function logIn(browser: Browser, baseURL: string, role: 'admin' | 'operator'): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = await context.newPage();
  await logInStaff(page, baseURL, role, 'aff');
  return page;
}

test('an admin adds a network, sees its source\'s figures, retries its failed postback and copies the snippet; an operator only reads', async ({ browser, baseURL }, info) => {
  const port = new URL(baseURL!).port;
  const network = `e2enet${Date.now().toString(36)}`;
  const admin = await logIn(browser, baseURL!, 'admin');

  // The network: its postback URL answers 404 (a loopback target, under the test allowance).
  await admin.getByRole('link', { name: 'Affiliate networks' }).click();
  await expect(admin.getByRole('heading', { name: 'Affiliate networks' })).toBeVisible();
  await admin.getByRole('button', { name: 'Add network' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add a network' });
  await dialog.getByLabel('Name').fill(network);
  await dialog.getByLabel('Postback URL').fill('http://10.0.0.1/pb');
  await dialog.getByRole('button', { name: 'Add network' }).click();
  await expect(dialog.getByText(/must be an https:\/\/ address/)).toBeVisible();
  await dialog.getByLabel('Postback URL').fill(`http://localhost:${port}/api/no-such-postback?cid={click_id}&e={event}`);
  await expectAccessible(admin, 'console new network');
  await dialog.getByRole('button', { name: 'Add network' }).click();
  await expect(admin.getByText(`The secret of ${network} is shown this once`)).toBeVisible();
  const secret = (await admin.getByLabel('Secret', { exact: true }).textContent())!.trim();
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const row = admin.getByRole('row').filter({ hasText: network });
  await expect(row).toContainText(`…${secret.slice(-4)}`);
  await expectAccessible(admin, 'console networks');
  await shot(admin, info, 'console-affiliate-networks');
  await admin.getByRole('button', { name: 'Done, hide it' }).click();
  await expect(admin.getByText(secret)).toHaveCount(0);

  // A visitor from that network.
  const visitor = await browser.newPage();
  const visited = visitor.waitForResponse((r) => r.url().includes('/api/visit.php') && r.status() === 200);
  await visitor.goto(`/?network=${network}&ref=r1&sub1=s1`);
  await visited;
  await visitor.close();

  // Its figures (the postback fails at once: a 404 is final).
  await admin.getByRole('link', { name: 'Affiliates', exact: true }).click();
  await expect(admin.getByRole('heading', { name: 'Affiliates: traffic sources' })).toBeVisible();
  const sources = admin.getByRole('table', { name: 'Traffic sources (network and ref) in the period' });
  const sourceRow = sources.getByRole('row').filter({ hasText: network });
  // The period ends on the server's day (journeys before this one move the server's clock ahead).
  const today = (await serverNow(baseURL!)).toISOString().slice(0, 10);
  await admin.getByLabel('From (UTC day)').fill(today);
  await admin.getByLabel('To (UTC day)').fill(today);
  await expect(async () => {
    await admin.getByRole('button', { name: 'Show' }).click();
    await expect(sourceRow.getByRole('cell').nth(9)).toHaveText('1', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(sourceRow.getByRole('cell').nth(2)).toHaveText('1'); // visits
  await expectAccessible(admin, 'console affiliates');
  await shot(admin, info, 'console-affiliates');
  const csv = await admin.request.get((await admin.getByRole('link', { name: 'Download CSV' }).getAttribute('href'))!);
  const text = await csv.text();
  expect(text).toMatch(/^day,network,ref,visits,bounces,signups,activations,first_purchases,purchases,/);
  expect(text).toContain(`,${network},r1,1,0,0,0,0,0,`);

  // The source: its failed postback sent again, and its snippet.
  await admin.getByRole('button', { name: `Open ${network} / r1` }).click();
  await expect(admin.getByRole('heading', { name: `Traffic source ${network} / r1` })).toBeVisible();
  await admin.getByLabel('From (UTC day)').fill(today);
  await admin.getByLabel('To (UTC day)').fill(today);
  await admin.getByRole('button', { name: 'Show' }).click();
  await admin.getByRole('button', { name: /^Retry the Visit postback of / }).click();
  await expect(admin.getByText(/The Visit postback of .* is being sent again\./)).toBeVisible();
  const signup = admin.getByLabel('Signup widget');
  await expect(signup).toHaveValue(new RegExp(`flirt\\("signup", \\{ network: "${network}", ref: "r1" \\}\\);`));
  await admin.getByLabel('sub1 (optional)').fill('spring');
  await admin.getByRole('button', { name: 'Copy the Signup widget snippet' }).click();
  await expect(admin.getByText('The Signup widget snippet is on the clipboard.')).toBeVisible();
  const copied = await admin.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`/widgets/loader.js`);
  expect(copied).toContain(`flirt("signup", { network: "${network}", ref: "r1", sub1: "spring" });`);
  await expectAccessible(admin, 'console affiliate source');
  await shot(admin, info, 'console-affiliate-source');

  // The audit log has both changes.
  await admin.getByRole('link', { name: 'Audit log' }).click();
  await admin.getByLabel('Action').fill('affiliates.');
  await admin.getByRole('button', { name: 'Search' }).click();
  const audit = admin.getByRole('table');
  await expect(audit.getByRole('row').filter({ hasText: 'affiliates.network-create' }).first()).toContainText(network);
  await expect(audit.getByRole('row').filter({ hasText: 'affiliates.postback-retry' }).first()).toContainText('"status": "pending"');
  await expect(audit).not.toContainText(secret);

  // An operator: the figures, no networks, no retry.
  const operator = await logIn(browser, baseURL!, 'operator');
  await expect(operator.getByRole('link', { name: 'Affiliates', exact: true })).toBeVisible();
  await expect(operator.getByRole('link', { name: 'Affiliate networks' })).toHaveCount(0);
  await operator.getByRole('link', { name: 'Affiliates', exact: true }).click();
  await operator.getByLabel('From (UTC day)').fill(today);
  await operator.getByLabel('To (UTC day)').fill(today);
  await operator.getByRole('button', { name: 'Show' }).click();
  await operator.getByRole('button', { name: `Open ${network} / r1` }).click();
  await expect(operator.getByRole('heading', { name: 'Failed postbacks' })).toBeVisible();
  await expect(operator.getByRole('button', { name: /^Retry/ })).toHaveCount(0);
});
