import fs from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';

export const DEMO = { email: 'demo@example.com', password: 'flirt-demo-2026' };

/** Full-page screenshot kept as a test artifact in e2e/artifacts/<project>-<name>.png. */
export async function shot(page: Page, info: TestInfo, name: string) {
  fs.mkdirSync('e2e/artifacts', { recursive: true });
  const path = `e2e/artifacts/${info.project.name}-${name}.png`;
  await page.screenshot({ path, fullPage: true });
  await info.attach(name, { path, contentType: 'image/png' });
}

/** Puts the demo member back to English, so every run starts alike. */
export async function resetDemoLanguage(baseURL: string) {
  const headers = { 'x-request-type': 'client', 'content-type': 'application/json' };
  const res = await fetch(`${baseURL}/api/user.php`, { method: 'POST', headers, body: JSON.stringify(DEMO) });
  const cookie = res.headers.get('set-cookie')!.split(';')[0];
  await fetch(`${baseURL}/api/user.php`, { method: 'PUT', headers: { ...headers, cookie }, body: JSON.stringify({ language: 'en' }) });
}

/** Accessibility check with axe-core: no serious or critical WCAG 2.1 A/AA violations. */
export async function expectAccessible(page: Page, what: string) {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  if (bad.length) throw new Error(`accessibility problems on ${what}:\n${bad.join('\n')}`);
}
