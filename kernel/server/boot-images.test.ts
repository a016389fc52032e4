import { describe, expect, it, vi } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { createBootData, MAX_PRELOADED_IMAGES } from './shell.ts';

describe('boot data images (preloaded by the page head)', () => {
  it('lists the first-screen pictures of collected data: site paths only, each once, at most a phone screen\'s', async () => {
    const log = { error: vi.fn() };
    const boot = createBootData(log);
    const cards = ['/media/a.jpg?e=1&s=x', '/media/a.jpg?e=1&s=x', '//evil.example/b.jpg', 'https://evil.example/c.jpg', '/\\evil', '/media/d.jpg', '/media/e.jpg', '/media/f.jpg', '/media/g.jpg'];
    boot.add('cards', async () => ({ cards }), { images: (v: { cards: string[] }) => v.cards });
    boot.add('empty', async () => null, { images: () => ['/media/never.jpg'] });
    boot.add('broken', async () => ({}), { images: () => { throw new Error('bad shape'); } });
    const data = await boot.collect({} as FastifyRequest);
    expect(boot.images(data)).toEqual(['/media/a.jpg?e=1&s=x', '/media/d.jpg', '/media/e.jpg', '/media/f.jpg']);
    expect(boot.images(data)).toHaveLength(MAX_PRELOADED_IMAGES);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ name: 'broken' }), 'boot images failed');
  });
});
