import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../kernel/web/api-error.ts';
import type { FictionalProfile } from '../../contract.ts';
import FictionalSection, { EMPTY_FORM, changesOf, inputOf } from './FictionalSection.tsx';
import { renderSection, text } from './testing.tsx';

const profile = (over: Partial<FictionalProfile> = {}): FictionalProfile => ({
  id: 50, name: 'Lotte', gender: 'female', sexuality: 'hetero', birthdate: '1990-05-01', country: 'NL', region: 'gelderland', city: 'Arnhem',
  about: 'Hi', interests: ['coffee'], hair_color: 'blonde', eye_color: '', body_type: '', relationship_status: 'single', tattoos: '', signup_reason: '',
  niches: [], status: 'active', age: 36, photo: null, photos: 0, created_at: '2026-11-20T10:00:00.000Z', ...over,
});
const today = new Date('2026-11-28T12:00:00Z');

describe('fictional profiles section', () => {
  it('lists the profiles and filters them by niche and status', async () => {
    await renderSection(<FictionalSection path={[]} />, {
      'GET /api/operator/members/fictional': () => ({ profiles: [profile({ photo: '/media/t/1.jpg', photos: 1 }), profile({ id: 51, name: 'Mark', gender: 'male', sexuality: 'gay', niches: [7] }), profile({ id: 52, name: 'Ria', niches: [5], status: 'disabled' })] }),
    });
    const table = await screen.findByRole('table', { name: '3 fictional profiles, newest first' });
    const first = text(within(table).getAllByRole('row')[1]!);
    expect(first).toContain('Female, Heterosexual, 36');
    expect(first).toContain('Arnhem, gelderland, NL');
    expect(first).toContain('All niches');
    expect(within(table).getByRole('img', { name: 'Main photo of Lotte' }).getAttribute('src')).toBe('/media/t/1.jpg');
    fireEvent.change(screen.getByLabelText('Shown on niche'), { target: { value: '7' } });
    // Niche 7 shows the profiles for every niche and those for niche 7.
    expect(screen.getByRole('table', { name: '2 fictional profiles, newest first' })).toBeTruthy();
    expect(screen.queryByText('Ria')).toBeNull();
    fireEvent.change(screen.getByLabelText('Shown on niche'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'disabled' } });
    expect(text(screen.getByRole('table', { name: '1 fictional profile, newest first' }))).toContain('Ria');
  });

  it('creates a profile with every field, names a misfit before sending and the server\'s refusal by field, then uploads its photo', async () => {
    const create = vi.fn((body?: unknown) => ({ profile: profile({ ...(body as Partial<FictionalProfile>), id: 60, age: 30 }) }));
    const photo = vi.fn(() => ({ profile: profile({ id: 60, name: 'Sanne', photos: 1, photo: '/media/t/60.jpg' }) }));
    const { inputs } = await renderSection(<FictionalSection path={[]} />, {
      'GET /api/operator/members/fictional': () => ({ profiles: [] }),
      'POST /api/operator/members/fictional': create,
      'POST /api/operator/members/fictional/photo': photo,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New profile…' }));
    const dialog = screen.getByRole('dialog', { name: 'New fictional profile' });
    const type = (label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    type('Name', 'Sanne');
    type('Birth date', '2015-01-01');
    type('Country', 'nl');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create profile' }));
    expect(await within(dialog).findByText('A profile must be at least 18 years old.')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe('Check the field “Birth date”.');
    expect(within(dialog).getByLabelText('Birth date').getAttribute('aria-invalid')).toBe('true');
    expect(create).not.toHaveBeenCalled();
    type('Birth date', '1996-03-04');
    type('Gender', 'female');
    type('Orientation', 'bi');
    type('Region', 'gelderland');
    type('Town', 'Arnhem');
    type('About', 'Hello there');
    type('Hair colour', 'red');
    type('Eye colour', 'green');
    type('Body type', 'slim');
    type('Relationship status', 'single');
    type('Tattoos', 'some');
    type('Looking for', 'chat');
    fireEvent.click(within(dialog).getByLabelText(/Coffee/));
    fireEvent.click(within(dialog).getByLabelText(/Wine/));
    fireEvent.click(within(dialog).getByLabelText('6 · MILF (35–55)'));
    create.mockImplementationOnce(() => { throw new ApiError(400, 'invalid_input', 'body/city must NOT have more than 80 characters', { field: 'city' }); });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create profile' }));
    expect(await within(dialog).findByText('The field “Town” is not valid.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Town').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create profile' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(2));
    expect(create.mock.calls[1]![0]).toEqual({
      name: 'Sanne', gender: 'female', sexuality: 'bi', birthdate: '1996-03-04', country: 'NL', region: 'gelderland', city: 'Arnhem', about: 'Hello there',
      interests: ['coffee', 'wine'], hair_color: 'red', eye_color: 'green', body_type: 'slim', relationship_status: 'single', tattoos: 'some', signup_reason: 'chat',
      niches: [6], status: 'active',
    });
    expect((await screen.findByRole('status')).textContent).toContain('Sanne is created.');
    // The photo dialog opens for the new profile.
    const upload = await screen.findByRole('dialog', { name: 'Add a photo to Sanne' });
    fireEvent.click(within(upload).getByRole('button', { name: 'Upload photo' }));
    expect((await within(upload).findByText('Choose a photo first.'))).toBeTruthy();
    const gif = new File(['GIF89a'], 'a.gif', { type: 'image/gif' });
    fireEvent.change(within(upload).getByLabelText('Photo file'), { target: { files: [gif] } });
    fireEvent.click(within(upload).getByRole('button', { name: 'Upload photo' }));
    expect(await within(upload).findByText('Only JPEG, PNG and WebP photos are accepted.')).toBeTruthy();
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'sanne.jpg', { type: 'image/jpeg' });
    fireEvent.change(within(upload).getByLabelText('Photo file'), { target: { files: [jpeg] } });
    fireEvent.click(within(upload).getByRole('button', { name: 'Upload photo' }));
    await waitFor(() => expect(photo).toHaveBeenCalled());
    const sent = inputs.find((c) => c.path === 'POST /api/operator/members/fictional/photo')!;
    expect(sent.input).toEqual({ query: { id: 60 } });
    expect((sent.opts as { file: File }).file).toBe(jpeg);
    expect((await screen.findByRole('status')).textContent).toContain('Photo added to Sanne (1 photo).');
    expect(screen.getByRole('img', { name: 'Main photo of Sanne' })).toBeTruthy();
  });

  it('edits a profile sending only what changed; says so when nothing did', async () => {
    const update = vi.fn((body?: unknown) => ({ profile: profile({ ...(body as { changes: Partial<FictionalProfile> }).changes }) }));
    await renderSection(<FictionalSection path={[]} />, {
      'GET /api/operator/members/fictional': () => ({ profiles: [profile()] }),
      'PUT /api/operator/members/fictional': update,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Lotte' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Lotte' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Nothing was changed.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Town'), { target: { value: 'Nijmegen' } });
    fireEvent.change(within(dialog).getByLabelText('Status'), { target: { value: 'disabled' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith({ id: 50, changes: { city: 'Nijmegen', status: 'disabled' } }, undefined));
    expect((await screen.findByRole('status')).textContent).toContain('Lotte is saved.');
    expect(text(screen.getByRole('table'))).toContain('Disabled');
  });

  it('reads the form by the contract\'s bounds', () => {
    const ok = { ...EMPTY_FORM, name: 'A', birthdate: '2008-11-28', country: 'de' };
    expect(inputOf(ok, today)).toMatchObject({ body: { country: 'DE', birthdate: '2008-11-28' } });
    expect(inputOf({ ...ok, birthdate: '2008-11-29' }, today)).toEqual({ field: 'birthdate', reason: 'too_young' });
    expect(inputOf({ ...ok, birthdate: '2001-02-30' }, today)).toEqual({ field: 'birthdate', reason: 'birthdate' });
    expect(inputOf({ ...ok, name: 'x'.repeat(61) }, today)).toEqual({ field: 'name', reason: 'name' });
    expect(inputOf({ ...ok, name: '  ' }, today)).toEqual({ field: 'name', reason: 'name' });
    expect(inputOf({ ...ok, country: 'NLD' }, today)).toEqual({ field: 'country', reason: 'country' });
    expect(inputOf({ ...ok, city: 'x'.repeat(81) }, today)).toEqual({ field: 'city', reason: 'max80' });
    expect(inputOf({ ...ok, about: 'x'.repeat(2001) }, today)).toEqual({ field: 'about', reason: 'about' });
    const many = ['adventure', 'animals', 'art', 'astrology', 'barbecue', 'beach', 'beer', 'biking', 'coffee', 'cooking', 'dancing', 'fashion', 'foodie', 'gardening', 'gym', 'hiking', 'movies', 'music', 'reading', 'sports', 'tea'] as const;
    expect(inputOf({ ...ok, interests: [...many] }, today)).toEqual({ field: 'interests', reason: 'interests' });
    const before = profile();
    const made = inputOf({ ...EMPTY_FORM, ...before, interests: ['coffee'], niches: [] } as never, today);
    expect('body' in made && changesOf(before, made.body)).toEqual({});
  });
});
