import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Changes } from './changes.ts';
import { putBounded } from './bounded.ts';
import { authenticationRequired, forbidden } from './errors.ts';

/**
 * Who may call a route, declared on every route (`config: { access }`) and checked by the kernel:
 * - 'visitor': anyone, logged in or not (a route answering both reads `req.userId` itself);
 * - 'member': a logged-in member, else 403 authentication_required;
 * - 'operator': a member whose role is operator, else 403 forbidden (403 authentication_required
 *   when not logged in).
 * A route without a (known) access level fails to register, so none is public by oversight.
 */
export const ACCESS_LEVELS = ['visitor', 'member', 'operator'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];
export type Role = 'member' | 'operator';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (see kernel/server/access.ts); required on every route. */
    access?: Access;
  }
}

/** A member's role lookup, provided by the plugin that owns the accounts (auth). */
export type RoleLookup = (userId: number) => Promise<Role | null>;

/** Roles are cached this long at most; a change seen by the database drops the entry at once. */
export const ROLE_CACHE_MS = 5_000;
const ROLE_CACHE_SIZE = 10_000;

export interface AccessControl {
  /** The accounts' owner tells the kernel how to read a member's role (once, in its init). */
  useRoles(lookup: RoleLookup): void;
  /** The member's role (cached); null without a lookup or for an unknown member. */
  role(userId: number): Promise<Role | null>;
  /** Forgets cached roles: one member's, or all. */
  forget(userId?: number): void;
}

/**
 * Roles, cached briefly: only operator routes ask, and a role change (a write to the owner's table,
 * whose change trigger names the member) drops the entry at once on every instance; while change
 * notifications are down nothing is cached, and entries never outlive ROLE_CACHE_MS.
 */
export function createAccessControl(changes: Pick<Changes, 'onMember' | 'live'>, now = () => Date.now()): AccessControl {
  let lookup: RoleLookup | null = null;
  const cache = new Map<number, { role: Role | null; until: number }>();
  const forget = (userId?: number | null) => (userId == null ? cache.clear() : void cache.delete(userId));
  changes.onMember(forget);
  return {
    useRoles(fn) {
      if (lookup) throw new Error('a role lookup is provided already');
      lookup = fn;
    },
    async role(userId) {
      const hit = cache.get(userId);
      if (hit && hit.until > now()) return hit.role;
      if (!lookup) return null;
      const role = await lookup(userId);
      if (changes.live) putBounded(cache, userId, { role, until: now() + ROLE_CACHE_MS }, ROLE_CACHE_SIZE);
      return role;
    },
    forget,
  };
}

/** Scopes whose routes come from a third-party plugin that cannot declare route options (static files). */
const defaults = new WeakMap<object, Access>();

/** Routes registered in `scope` (e.g. by @fastify/static) without an access level get `access`. */
export function defaultAccess(scope: FastifyInstance, access: Access) {
  defaults.set(scope, access);
}
/** The default of a scope or of the scopes it is made from (a child scope's prototype is its parent). */
function defaultOf(scope: object | null): Access | undefined {
  for (let s = scope; s; s = Object.getPrototypeOf(s)) if (defaults.has(s)) return defaults.get(s);
  return undefined;
}

/**
 * Makes every route registered on `app` (and in its child scopes) declare its access level, and
 * checks it on each request: after validation (preHandler), so a malformed request gets the same
 * 400 whether logged in or not, as when each handler checked by itself.
 */
export function enforceAccess(app: FastifyInstance, control: AccessControl) {
  const member = async (req: FastifyRequest) => {
    if (req.userId == null) throw authenticationRequired();
  };
  const operator = async (req: FastifyRequest) => {
    if (req.userId == null) throw authenticationRequired();
    if ((await control.role(req.userId)) !== 'operator') throw forbidden('forbidden', 'This is for operators only.');
  };
  app.addHook('onRoute', function (this: FastifyInstance, route: RouteOptions) {
    const fallback = defaultOf(this);
    const access = route.config?.access ?? fallback;
    if (access === undefined) {
      throw new Error(`route ${[route.method].flat().join(',')} ${route.url} declares no access level: add config: { access: 'visitor' | 'member' | 'operator' }`);
    }
    if (!(ACCESS_LEVELS as readonly string[]).includes(access)) {
      throw new Error(`route ${[route.method].flat().join(',')} ${route.url} has an unknown access level ${JSON.stringify(access)}`);
    }
    route.config = { ...route.config, access };
    if (access === 'visitor') return;
    const check = access === 'member' ? member : operator;
    route.preHandler = [...[route.preHandler ?? []].flat(), check];
  });
}

/** The member calling a 'member' or 'operator' route (the kernel has checked the session). */
export function memberId(req: FastifyRequest): number {
  // Only reachable on a 'visitor' route by mistake: answer as a member route would.
  if (req.userId == null) throw authenticationRequired();
  return req.userId;
}
