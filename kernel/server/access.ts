import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Changes } from './changes.ts';
import { putBounded } from './bounded.ts';
import { authenticationRequired, forbidden, HttpError } from './errors.ts';
import { CONSOLE_API_PREFIX } from '../contract/endpoint.ts';

/**
 * Who may call a route, declared on every route (`config: { access }`) and checked by the kernel:
 * - 'visitor': anyone, logged in or not (a route answering both reads `req.userId` itself);
 * - 'member': a logged-in member, else 403 authentication_required;
 * - 'operator' and 'admin': the console's (paths under /api/operator/ only): a console session
 *   (password and TOTP, kernel/server/console) of staff, else 404 as if nothing were there (a member
 *   session counts for nothing); 'admin' answers 403 to an operator.
 * A route without a (known) access level fails to register, so none is public by oversight.
 */
export const ACCESS_LEVELS = ['visitor', 'member', 'operator', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];
export type Role = 'member' | 'operator' | 'admin';
export type StaffRole = Exclude<Role, 'member'>;
export const isStaffRole = (role: Role | null | undefined): role is StaffRole => role === 'operator' || role === 'admin';
export const isConsoleAccess = (access: Access | undefined) => access === 'operator' || access === 'admin';

/** The console user behind a request (set by the kernel for /api/operator/ paths). */
export interface Staff { userId: number; role: StaffRole; email: string }

declare module 'fastify' {
  interface FastifyRequest {
    /** The console session's staff member, on /api/operator/ paths (null elsewhere or without one). */
    staff: Staff | null;
  }
}

/** Nothing under /api/operator/ for anyone without a console session: the same 404 as an unknown path. */
export const consoleNotFound = () => new HttpError(404, 'not_found', 'Not found');

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (see kernel/server/access.ts); required on every route. */
    access?: Access;
  }
}

/** A member's role lookup, provided by the plugin that owns the accounts (auth). */
export type RoleLookup = (userId: number) => Promise<Role | null>;

/** What the console's login needs of the accounts' owner (auth), which the kernel does not know. */
export interface StaffAccounts {
  /** The account of this e-mail and password (null: unknown, wrong password or being deleted), in constant-ish time. */
  check(email: string, password: string): Promise<{ userId: number; email: string } | null>;
  /** The account's e-mail address (null: no such account). */
  email(userId: number): Promise<string | null>;
}

/** Roles are cached this long at most; a change seen by the database drops the entry at once. */
export const ROLE_CACHE_MS = 5_000;
const ROLE_CACHE_SIZE = 10_000;

export interface AccessControl {
  /** The accounts' owner tells the kernel how to read a member's role (once, in its init). */
  useRoles(lookup: RoleLookup): void;
  /** The accounts' owner tells the console how to check a password and name an account (once). */
  useAccounts(accounts: StaffAccounts): void;
  /** As given by useAccounts (null until then: the console cannot log anyone in). */
  readonly accounts: StaffAccounts | null;
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
  let accounts: StaffAccounts | null = null;
  const cache = new Map<number, { role: Role | null; until: number }>();
  const forget = (userId?: number | null) => (userId == null ? cache.clear() : void cache.delete(userId));
  changes.onMember(forget);
  return {
    useRoles(fn) {
      if (lookup) throw new Error('a role lookup is provided already');
      lookup = fn;
    },
    useAccounts(given) {
      if (accounts) throw new Error('staff accounts are provided already');
      accounts = given;
    },
    get accounts() { return accounts; },
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
  // The kernel has resolved the console session before (app.ts); without one, nothing is here.
  const staff = async (req: FastifyRequest) => {
    if (!req.staff) throw consoleNotFound();
  };
  const admin = async (req: FastifyRequest) => {
    if (!req.staff) throw consoleNotFound();
    if (req.staff.role !== 'admin') throw forbidden('forbidden', 'This is for admins only.');
  };
  app.addHook('onRoute', function (this: FastifyInstance, route: RouteOptions) {
    const fallback = defaultOf(this);
    const access = route.config?.access ?? fallback;
    if (access === undefined) {
      throw new Error(`route ${[route.method].flat().join(',')} ${route.url} declares no access level: add config: { access: 'visitor' | 'member' | 'operator' | 'admin' }`);
    }
    if (!(ACCESS_LEVELS as readonly string[]).includes(access)) {
      throw new Error(`route ${[route.method].flat().join(',')} ${route.url} has an unknown access level ${JSON.stringify(access)}`);
    }
    const console = isConsoleAccess(access);
    if (console !== route.url.startsWith(CONSOLE_API_PREFIX)) {
      throw new Error(`route ${[route.method].flat().join(',')} ${route.url}: ${console ? `access '${access}' is for paths under ${CONSOLE_API_PREFIX} only` : `paths under ${CONSOLE_API_PREFIX} are the console's: access 'operator' or 'admin'`}`);
    }
    route.config = { ...route.config, access };
    if (access === 'visitor') return;
    if (console) {
      // Before the body is parsed and checked: nobody without a console session learns the endpoint exists.
      route.onRequest = [...[route.onRequest ?? []].flat(), access === 'admin' ? admin : staff];
      return;
    }
    route.preHandler = [...[route.preHandler ?? []].flat(), member];
  });
}

/** The staff member calling an 'operator' or 'admin' route (the kernel has checked the console session). */
export function staffOf(req: FastifyRequest): Staff {
  if (!req.staff) throw consoleNotFound();
  return req.staff;
}

/** The member calling a 'member' route (the kernel has checked the session). */
export function memberId(req: FastifyRequest): number {
  // Only reachable on a 'visitor' route by mistake: answer as a member route would.
  if (req.userId == null) throw authenticationRequired();
  return req.userId;
}
