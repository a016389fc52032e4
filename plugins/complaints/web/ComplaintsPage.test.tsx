import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createKernel } from '../../../kernel/web/kernel.ts';
import { KernelContext } from '../../../kernel/web/context.ts';
import { App } from '../../../kernel/web/App.tsx';
import { Bus } from '../../../kernel/web/bus.ts';
import { ApiError } from '../../../kernel/web/api-error.ts';
import { fakeApi } from '../../../kernel/web/testing.ts';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import type { User } from '../../auth/contract.ts';
import authManifest from '../../auth/manifest.ts';
import pagesManifest from '../../pages/manifest.ts';
import complaintsManifest from '../manifest.ts';

configure({ asyncUtilTimeout: 5000 });
const settings = {
  domain: 'localhost', domain_language: 'en-GB', name: 'FlirtHaven', plugins: ['pages', 'complaints'], countries: ['GB'],
  enable_site_entry_popup: 'no', support_email: 'support@example.com', support_phone: '+44 20 7946 0000', refund_days: 14,
} as Partial<SiteSettings> as SiteSettings;

const disposers: (() => void)[] = [];
afterEach(() => {
  disposers.splice(0).forEach((d) => d());
  document.cookie = 'i18n_redirected=; Max-Age=0; Path=/';
});

type Answer = (body: unknown) => unknown;
async function open(path: string, opts: { user?: User | null; answer?: Answer; plugins?: string[] } = {}) {
  history.replaceState(null, '', path);
  const sent: unknown[] = [];
  const api = fakeApi({
    'GET /api/user.php': () => {
      if (!opts.user) throw new ApiError(403, 'authentication_required', 'x');
      return { user: opts.user };
    },
    'GET /api/companyinfo.php': () => ({ company: { id: 1, name: 'FlirtHaven Media B.V.', address: 'Keizersgracht 1', kvk: '1', city: 'Amsterdam', country: 'NL', tradenames: [], vat_numbers: [], support_phone: '', delete_discount: 0, added: '2024-03-15T00:00:00Z' } }),
    'POST /api/complaints.php': (body) => {
      sent.push(body);
      return (opts.answer ?? (() => ({ reference: 'C2026-000042', email: 'eva@example.com' })))(body);
    },
  });
  const { kernel, registry, dispose } = await createKernel([authManifest, pagesManifest, complaintsManifest],
    { api, bus: new Bus(), settings: { ...settings, plugins: opts.plugins ?? settings.plugins } });
  disposers.push(dispose);
  await kernel.i18n.loadNamespaces(['complaints', 'pages']);
  render(
    <KernelContext.Provider value={{ kernel, registry }}>
      <I18nextProvider i18n={kernel.i18n}><App /></I18nextProvider>
    </KernelContext.Provider>,
  );
  act(() => kernel.router.start());
  return { kernel, sent };
}

const fill = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('complaints page (/complaints)', () => {
  it('says what is missing, field by field, then sends the complaint and shows its reference number', async () => {
    const { sent } = await open('/complaints');
    await screen.findByRole('heading', { level: 1, name: 'Complaints' });
    fireEvent.click(screen.getByRole('button', { name: 'Send complaint' }));
    expect(alerts()).toEqual([
      'Enter your name.', 'Enter a valid e-mail address, for example name@example.com.',
      'Choose what your complaint is about.', 'Describe your complaint in at least 20 characters.',
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('Your name'));
    expect(screen.getByLabelText('Your name').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    fill('Your name', 'Eva Jansen');
    fill('E-mail address', 'eva@example');
    fireEvent.click(screen.getByRole('radio', { name: 'A payment' }));
    fill('Your complaint', 'Charged twice');
    // The hint follows the topic.
    expect(screen.getByText(/Mention the date, the amount and the payment method\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send complaint' }));
    expect(alerts()).toEqual(['Enter a valid e-mail address, for example name@example.com.', 'Describe your complaint in at least 20 characters.']);
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail address'));

    fill('E-mail address', ' eva@example.com ');
    fill('Your complaint', 'I was charged twice for 150 credits on 3 March by card.');
    fireEvent.click(screen.getByRole('button', { name: 'Send complaint' }));
    expect(await screen.findByRole('heading', { name: 'Thank you, we have received your complaint' })).toBeTruthy();
    expect(screen.getByTestId('complaint-reference').textContent).toBe('C2026-000042');
    expect(screen.getByText('We have sent a confirmation to eva@example.com. Please mention the reference number whenever you contact us about this complaint.')).toBeTruthy();
    expect(sent).toEqual([{ name: 'Eva Jansen', email: 'eva@example.com', topic: 'payment', text: 'I was charged twice for 150 credits on 3 March by card.', language: 'en' }]);
    // How complaints are handled, and how else to reach us, stay on the page.
    expect(screen.getByRole('heading', { name: 'How we handle your complaint' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support@example.com' }).getAttribute('href')).toBe('mailto:support@example.com');
    expect(screen.getByRole('link', { name: '+44 20 7946 0000' }).getAttribute('href')).toBe('tel:+442079460000');
    expect(screen.getByRole('heading', { name: 'Not satisfied?' })).toBeTruthy();
    expect(screen.getByText(/consumer authority/)).toBeTruthy();
  });

  it('shows the server\'s refusal at its field (too many complaints from one address), in the member\'s language', async () => {
    const member: User = { id: 7, email: 'jan@example.com', status: 'active', signup_date: '2026-01-02T10:00:00Z', language: 'de', fictional_icon: '', notifications_disabled: [], profile: { name: 'Jan', country: 'DE', status: 'active', main_image: null } };
    const { kernel, sent } = await open('/complaints', {
      user: member, answer: () => { throw new ApiError(429, 'too_many_complaints', 'x', { field: 'email', max: 3 }); },
    });
    await act(() => kernel.setLocale('de'));
    await screen.findByRole('heading', { level: 1, name: 'Beschwerden' });
    // A member's name and address are filled in.
    expect((screen.getByLabelText('Dein Name') as HTMLInputElement).value).toBe('Jan');
    expect((screen.getByLabelText('E-Mail-Adresse') as HTMLInputElement).value).toBe('jan@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Beschwerde senden' }));
    expect(alerts()).toEqual(['Wähle, worum es in deiner Beschwerde geht.', 'Beschreibe deine Beschwerde in mindestens 20 Zeichen.']);
    fireEvent.click(screen.getByRole('radio', { name: 'Ein Mitglied' }));
    fill('Deine Beschwerde', 'Ein Mitglied hat mich mehrmals beleidigt.');
    fireEvent.click(screen.getByRole('button', { name: 'Beschwerde senden' }));
    await waitFor(() => expect(alerts()).toEqual(['Du hast heute schon 3 Beschwerden von dieser E-Mail-Adresse gesendet. Wir beantworten sie; bitte warte auf unsere Antwort.']));
    expect(screen.getByLabelText('E-Mail-Adresse').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([expect.objectContaining({ topic: 'member', language: 'de' })]);
  });

  it('takes the footer\'s complaints link; /pages/complaints leads to the form, or stays the static page where complaints are off', async () => {
    await open('/pages/complaints');
    await screen.findByRole('heading', { level: 1, name: 'Complaints' });
    await waitFor(() => expect(location.pathname).toBe('/complaints'));
    expect(screen.getByRole('button', { name: 'Send complaint' })).toBeTruthy();
    const footer = screen.getByRole('navigation', { name: 'Information' });
    expect(within(footer).getAllByRole('link', { name: 'Complaints' }).map((a) => a.getAttribute('href'))).toEqual(['/complaints']);
    // The link keeps its place between access ban and return policy.
    const names = within(footer).getAllByRole('link').map((a) => a.textContent);
    expect(names.slice(names.indexOf('Access ban'), names.indexOf('Access ban') + 3)).toEqual(['Access ban', 'Complaints', 'Return policy']);
    cleanup();
    disposers.splice(0).forEach((d) => d());

    await open('/pages/complaints', { plugins: ['pages'] });
    expect(await screen.findByRole('heading', { level: 2, name: 'How to make a complaint' })).toBeTruthy();
    expect(location.pathname).toBe('/pages/complaints');
    const off = screen.getByRole('navigation', { name: 'Information' });
    expect(within(off).getAllByRole('link', { name: 'Complaints' }).map((a) => a.getAttribute('href'))).toEqual(['/pages/complaints']);
  });
});
