import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible } from './helpers.ts';

// A visitor (not logged in) reads /premium and /pricing before signing up, in English and in German.
// The language comes from the domain (de.localhost speaks German, e2e/journey.spec.ts); the country,
// and with it the currency, from the browser's language region (Accept-Language en-IE → Ireland, de-DE
// → Germany: both euro), so the same prices show in each locale's format.

/** A full-page screenshot in this test's folder under test-results (375 px on phone, 1280 on desktop). */
async function shot(page: Page, info: TestInfo, name: string) {
  // Nothing wider than the screen (a phone would scroll sideways).
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const path = info.outputPath(`${info.project.name}-${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await info.attach(name, { path, contentType: 'image/png' });
}

/** A visitor from a served country first confirms their age in the site-entry warning (e2e/site-entry.spec.ts). */
async function enter(page: Page, button: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

/** The text of a package tile's price, e.g. "€24.99" or "24,99 €" (Intl's no-break spaces as spaces). */
const prices = async (page: Page, list: string) =>
  (await page.getByRole('list', { name: list }).locator('.price').allTextContents()).map((s) => s.replace(/[\u00a0\u202f]/g, ' '));

test.describe('in English (Ireland: euro)', () => {
  test.use({ locale: 'en-IE' });

  test('a visitor sees what premium gives, the packages, and is asked to sign up or log in', async ({ page }, info) => {
    await page.goto('/premium');
    await enter(page, 'I am 18 or older, enter');
    // The page itself, not the login page.
    await expect(page.getByRole('heading', { level: 1, name: 'Premium membership' })).toBeVisible();
    await expect(page).toHaveURL(/\/premium$/);
    const benefits = page.getByRole('list', { name: 'What premium gives you' });
    await expect(benefits.getByRole('listitem')).toHaveText([
      'Upload up to 25 photos', 'See all photos of every member, unblurred', 'No limit on the number of conversations',
    ]);
    await expect(page.getByText('Premium members have a 46% higher chance of a match!')).toBeVisible();
    const packages = page.getByRole('list', { name: 'Credit packages' });
    await expect(packages.getByRole('listitem')).toHaveCount(4);
    expect(await prices(page, 'Credit packages')).toEqual(['€9.99', '€24.99', '€59.99', '€129.99']);
    await expect(packages.getByText('Most popular')).toBeVisible();
    // No way into the members-only checkout: sign up or log in instead.
    await expect(packages.getByRole('link')).toHaveCount(0);
    const join = page.getByRole('region', { name: 'Become a premium member' });
    await expect(join.getByRole('link', { name: 'Sign up to get premium' })).toHaveAttribute('href', '/signup');
    await expect(join.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=%2Fpremium');
    await expectAccessible(page, 'premium (visitor)');
    await shot(page, info, 'premium-visitor-en');

    // Log in leads to the login page, which brings the member back here.
    await join.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fpremium$/);
    await expect(page.getByLabel('E-mail address')).toBeVisible();
  });

  test('a visitor sees what messages, photos and gifts cost, the packages and the refund terms', async ({ page }, info) => {
    await page.goto('/pricing');
    await enter(page, 'I am 18 or older, enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    await expect(page.getByLabel('Prices for')).toHaveValue('IE');
    const costs = page.getByRole('table', { name: 'What things cost' });
    // At the lowest price per credit (1000 credits for €129.99).
    await expect(costs.getByRole('row', { name: /A message/ })).toContainText('5 credits (from €0.65)');
    await expect(costs.getByRole('row', { name: /A photo/ })).toContainText('10 credits (from €1.30)');
    await expect(costs.getByRole('row', { name: /A gift/ })).toContainText('20 credits (from €2.60)');
    expect(await prices(page, 'Credit packages')).toEqual(['€9.99', '€24.99', '€59.99', '€129.99']);
    await expect(page.getByRole('heading', { name: 'Refunds' })).toBeVisible();
    await expect(page.getByText('Unused credits can be refunded within 14 days of purchase.')).toBeVisible();
    await expectAccessible(page, 'pricing (visitor)');
    await shot(page, info, 'pricing-visitor-en');

    // Another country: its own currency, in the reader's (English) format.
    await page.getByLabel('Prices for').selectOption('GB');
    await expect(costs.getByRole('row', { name: /A message/ })).toContainText('5 credits (from £0.575)');
    expect(await prices(page, 'Credit packages')).toEqual(['£8.99', '£21.99', '£52.99', '£114.99']);
  });
});

test.describe('in German (Germany: euro)', () => {
  test.use({ locale: 'de-DE' });
  const de = (baseURL: string, path: string) => { const u = new URL(baseURL); return `${u.protocol}//de.localhost:${u.port}${path}`; };

  test('a visitor on the German domain reads premium and pricing in German, with German prices', async ({ page, baseURL }, info) => {
    await page.goto(de(baseURL!, '/premium'));
    await enter(page, 'Ich bin 18 oder älter – eintreten');
    await expect(page.getByRole('heading', { level: 1, name: 'Premium-Mitgliedschaft' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await expect(page.getByRole('list', { name: 'Das bringt dir Premium' }).getByRole('listitem')).toHaveText([
      'Lade bis zu 25 Fotos hoch', 'Sieh alle Fotos aller Mitglieder, unverschwommen', 'Keine Begrenzung der Anzahl an Unterhaltungen',
    ]);
    await expect(page.getByText(/^Premium-Mitglieder haben eine um 46\s%\shöhere Chance auf ein Match!$/)).toBeVisible();
    expect(await prices(page, 'Credit-Pakete')).toEqual(['9,99 €', '24,99 €', '59,99 €', '129,99 €']);
    const join = page.getByRole('region', { name: 'Werde Premium-Mitglied' });
    await expect(join.getByRole('link', { name: 'Registrieren und Premium holen' })).toBeVisible();
    await expect(join.getByRole('link', { name: 'Anmelden' })).toBeVisible();
    await expectAccessible(page, 'premium (visitor, German)');
    await shot(page, info, 'premium-visitor-de');

    // The footer's link to the prices.
    await page.getByRole('link', { name: 'Preise', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Preise' })).toBeVisible();
    await expect(page.getByLabel('Preise für')).toHaveValue('DE');
    const costs = page.getByRole('table', { name: 'Was kostet was' });
    await expect(costs.getByRole('row', { name: /Eine Nachricht/ })).toContainText(/5 Credits \(ab 0,65\s€\)/);
    await expect(costs.getByRole('row', { name: /Ein Foto/ })).toContainText(/10 Credits \(ab 1,30\s€\)/);
    await expect(costs.getByRole('row', { name: /Ein Geschenk/ })).toContainText(/20 Credits \(ab 2,60\s€\)/);
    expect(await prices(page, 'Credit-Pakete')).toEqual(['9,99 €', '24,99 €', '59,99 €', '129,99 €']);
    await expect(page.getByRole('heading', { name: 'Erstattungen' })).toBeVisible();
    await expect(page.getByText('Nicht genutzte Credits können innerhalb von 14 Tagen nach dem Kauf erstattet werden.')).toBeVisible();
    await expectAccessible(page, 'pricing (visitor, German)');
    await shot(page, info, 'pricing-visitor-de');
  });
});
