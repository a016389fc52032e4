import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Bus } from '../../kernel/web/bus.ts';
import { ApiError } from '../../kernel/web/api-error.ts';
import type { SiteSettings } from '../../kernel/contract/settings.ts';
import { WidgetKernelContext, type WidgetKernel } from '../kernel/context.ts';
import type { WidgetApi } from '../kernel/api.ts';
import type { EndpointDef } from '../../kernel/contract/endpoint.ts';
import { SignupWidget } from './SignupWidget.tsx';
import type { SignupExtras } from '../../plugins/signup/contract.ts';
import signup from '../../plugins/signup/locales/en.json';
import members from '../../plugins/members/locales/en.json';
import kernelTexts from '../../locales/en.json';

// The widget on its narrow kernel: a fake API, English texts (the build swaps react-i18next for
// widgets/kernel/react-i18n.tsx; here the real one runs the same components).
async function setup(settings: Partial<SiteSettings> = {}, extras?: SignupExtras) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { signup, members, kernel: kernelTexts } }, defaultNS: 'kernel', interpolation: { escapeValue: false } });
  const posts: [string, unknown][] = [];
  const api: WidgetApi = {
    call: vi.fn(async (e: EndpointDef, input?: { body?: unknown }) => {
      if (e.method === 'GET') return { countries: [{ country: 'GB', region_word: 'county', regions: [{ code: 'devon', name: 'Devon' }] }] };
      const { path } = e;
      const body = input?.body;
      posts.push([path, body]);
      if (path === '/api/signup-check.php' && (body as { email?: string }).email === 'taken@example.com') {
        throw new ApiError(409, 'email_exists', 'exists', { field: 'email' });
      }
      return path === '/api/signup.php' ? { user: { email: 'new@example.com' }, handoff_url: 'https://site.example/api/signup-handoff.php?token=t' } : { ok: true };
    }) as WidgetApi['call'],
  };
  const kernel: WidgetKernel = {
    origin: 'https://site.example', api, i18n: i18n as never, bus: new Bus(), locale: 'en',
    settings: { canonical_url: 'https://site.example', signups: 'all', ...settings } as SiteSettings,
  };
  const host = document.createElement('flirt-signup');
  document.body.append(host);
  const onClose = vi.fn();
  render(
    <WidgetKernelContext.Provider value={kernel}>
      <I18nextProvider i18n={i18n}>
        <SignupWidget host={host} modal tracking={{ ref: 'r-1', network: 'adnet' }} extras={extras} onClose={onClose} />
      </I18nextProvider>
    </WidgetKernelContext.Provider>,
    { container: host.appendChild(document.createElement('div')) },
  );
  return { posts, host, onClose };
}

const next = async () => act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Next' })); });
const select = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the signup widget', () => {
  it('walks the steps with their checks, signs up with the tracking data and a hand-off request, and tells the page', async () => {
    const { posts, host } = await setup();
    expect(screen.getByRole('dialog', { name: 'Create your free account' })).toBeTruthy();
    await next();
    expect(screen.getByText('Choose whether you are a man or a woman.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Man' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Women' }));
    await next();
    select('Day', '12'); select('Month', '04'); select('Year', '1990');
    await next();
    select('Country', 'GB');
    select('County', 'devon');
    await next();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'Widgetfan' } });
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'taken@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough-1' } });
    await next();
    // The server's answer, with a login link to the site (not the partner's page).
    expect(screen.getByRole('alert').textContent).toContain('An account with this email already exists');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('https://site.example/login');
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'new@example.com' } });
    await next();
    expect(screen.getByRole('link', { name: signup.message.termsLink }).getAttribute('href')).toBe('https://site.example/pages/terms');

    const heard: unknown[] = [];
    // The page keeps the visitor: the widget shows the completion step with the hand-off link.
    document.addEventListener('signup-complete', (e) => { heard.push((e as CustomEvent).detail); e.preventDefault(); }, { once: true });
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Create my account' })); });
    expect(heard).toEqual([{ widget: 'signup', tracking: { ref: 'r-1', network: 'adnet' } }]);
    const [path, body] = posts.at(-1)!;
    expect(path).toBe('/api/signup.php');
    expect(body).toMatchObject({ handoff: true, email: 'new@example.com', tracking: { ref: 'r-1', network: 'adnet' }, language: 'en', region: 'devon' });
    expect(screen.getByRole('heading', { name: 'Almost done: confirm your e-mail address' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See who matches you' }).getAttribute('href')).toBe('https://site.example/api/signup-handoff.php?token=t');
    expect(host.isConnected).toBe(true);
  });

  it('sends the page\'s extras with the signup: interests for the profile, and where the hand-off leads', async () => {
    const { posts } = await setup({}, { interests: ['hiking', 'wine'], after: '/members/42/chat' });
    fireEvent.click(screen.getByRole('radio', { name: 'Woman' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Men' }));
    await next();
    select('Day', '12'); select('Month', '04'); select('Year', '1990');
    await next();
    select('Country', 'GB');
    select('County', 'devon');
    await next();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'Iconfan' } });
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough-1' } });
    await next();
    document.addEventListener('signup-complete', (e) => e.preventDefault(), { once: true });
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Create my account' })); });
    const [path, body] = posts.at(-1)!;
    expect(path).toBe('/api/signup.php');
    expect(body).toMatchObject({ handoff: true, interests: ['hiking', 'wine'], after: '/members/42/chat', gender: 'female' });
  });

  it('shows the invitation notice when the site takes signups only by invitation', async () => {
    await setup({ signups: 'invite' });
    expect(screen.getByRole('heading', { name: signup.invite.title })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('keeps Tab inside the dialog and closes by Escape or × before the first answer', async () => {
    const { onClose } = await setup();
    const close = screen.getByRole('button', { name: 'Close' });
    const nextButton = screen.getByRole('button', { name: 'Next' });
    expect(document.activeElement).toBe(close);
    nextButton.focus();
    fireEvent.keyDown(nextButton, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(nextButton);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
