import type { Kernel } from '../../../kernel/server/plugin.ts';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import type { User } from '../contract.ts';
import { putBounded } from '../../../kernel/server/bounded.ts';

export const VIEW_CACHE_SIZE = 10_000;
export const VIEW_CACHE_MS = 30_000;

/**
 * The user objects GET /api/user.php answers with, kept in memory so that polling costs no query.
 * Exact, not "eventually": an entry goes as soon as any writer commits a change to the member's
 * rows (users, profile, photos: the database names the member, see kernel/server/changes.ts), and
 * nothing is cached while those notifications could be missed. A read that overlapped a change is
 * not stored. Entries also expire after VIEW_CACHE_MS (and with the signed photo links inside).
 */
export function userViewCache(kernel: Pick<Kernel, 'changes' | 'clock' | 'enabled'>, size = VIEW_CACHE_SIZE, ttlMs = VIEW_CACHE_MS) {
  // `plugins`: which plugins were on where the view was made (they add its fields).
  const map = new Map<number, { user: User; until: number; plugins: string }>();
  const pluginsOf = (site: SiteSettings) => [...kernel.enabled(site)].join(',');
  let epoch = 0;
  /** Answered from memory, and not (for /metrics). */
  const stats = { hits: 0, misses: 0 };
  kernel.changes.onMember((id) => {
    epoch++;
    if (id == null) map.clear();
    else map.delete(id);
  });
  return {
    async get(userId: number, site: SiteSettings, load: () => Promise<User>): Promise<User> {
      const now = kernel.clock.now().getTime();
      const hit = map.get(userId);
      if (hit && hit.until > now && kernel.changes.live && hit.plugins === pluginsOf(site)) {
        stats.hits++;
        // Site-specific fields come from this request's site.
        return hit.user.fictional_icon === site.fictional_icon ? hit.user : { ...hit.user, fictional_icon: site.fictional_icon };
      }
      stats.misses++;
      const before = epoch;
      const user = await load();
      if (epoch === before && kernel.changes.live) {
        putBounded(map, userId, { user, until: now + ttlMs, plugins: pluginsOf(site) }, size);
      }
      return user;
    },
    get entries() { return map.size; },
    stats,
  };
}
