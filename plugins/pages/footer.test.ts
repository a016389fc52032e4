import { describe, expect, it } from 'vitest';
import pages from './manifest.ts';
import pagesPlugin from './plugin.ts';
import type { SlotContext } from '../../kernel/web/plugin.ts';

describe('footer links of the static pages', () => {
  it('follow the spec order, leaving room for pricing (order 35, payments plugin) between access ban and complaints', () => {
    const links = (pages.footerLinks ?? []).map((l) => [l.id, l.order, l.route]);
    expect(links).toEqual([
      ['terms', 0, 'pages-terms'],
      ['privacy', 10, 'pages-privacy'],
      ['cookies', 20, 'pages-cookies'],
      ['ban', 30, 'pages-ban'],
      ['complaints', 40, 'pages-complaints'],
      ['return_policy', 50, 'pages-return-policy'],
      ['faq', 60, 'pages-faq'],
      ['service', 70, 'pages-service'],
    ]);
  });

  it('keeps /pages/complaints (it leads to the complaints form) and its footer link only where the complaints plugin is off', () => {
    expect(pagesPlugin.routes['pages-complaints']).toBe('/pages/complaints');
    expect(pages.pages?.find((p) => p.name === 'pages-complaints')?.titleKey).toBe('pages:complaints.title');
    const link = pages.footerLinks?.find((l) => l.id === 'complaints');
    const ctx = (plugins: string[]) => ({ settings: { plugins } }) as unknown as SlotContext;
    expect(link?.when?.(ctx(['members', 'complaints']))).toBe(false);
    expect(link?.when?.(ctx(['members']))).toBe(true);
    expect(pages.footerLinks?.filter((l) => l.id !== 'complaints').every((l) => !l.when)).toBe(true);
  });
});
