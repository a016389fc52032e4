import type { Locale } from './locales.ts';
import type { SiteSettings } from './settings.ts';
import type { IntlUse } from './intl.ts';

/**
 * What the server writes into the HTML it serves (`<script type="application/json" id="boot">`),
 * so the browser kernel starts without waiting for settings, language file and user in turn.
 */
export interface BootData {
  /** Exactly the `settings` of GET /api/settings.php for the page's domain. */
  settings: SiteSettings;
  /** The language the texts are in (the visitor's locale cookie, else the domain's language). */
  locale: Locale;
  /** That language's texts by namespace (`kernel`, plugin ids): the namespaces the page needs. */
  texts: Record<string, Record<string, unknown>>;
  /**
   * Namespaces of `texts` the page carries only some keys of (its layout's labels): the browser
   * loads the rest of one when a part of its plugin shows.
   */
  partialTexts?: string[];
  /** What plugins add for the first paint, by name (e.g. `user`: GET /api/user.php's user or null). */
  data: Record<string, unknown>;
  /**
   * A page the server rendered: the Intl objects its render made (a collator, a currency format),
   * which the browser makes before hydrating, one per short task (kernel/contract/intl.ts).
   */
  intl?: IntlUse[];
}

/** The id of the inline JSON element. */
export const BOOT_ELEMENT_ID = 'boot';

/**
 * The window property through which a server-rendered page's script loader (kernel/server/late-scripts.ts)
 * hands the taps it held before the code arrived to the browser kernel (`take()` stops holding).
 */
export const EARLY_CLICKS_GLOBAL = '__earlyClicks';
export interface EarlyClicks { take(): HTMLElement[] }

/**
 * Written at build time into dist/ (see scripts/rsbuild-speed.ts): for every browser route, the
 * chunk files its page needs, so the server can preload them in the HTML of that address.
 */
export interface RouteChunks {
  /**
   * The chunk files of the other lazy parts (a banner, an alert, a panel: kernel/web/lazy-parts.ts
   * names them), for a page the server rendered with them in it.
   */
  parts?: Record<string, string[]>;
  routes: Array<{
    name: string;
    /** navigo pattern, e.g. `/members/:id` */
    path: string;
    access: 'visitor' | 'member' | 'operator';
    /** Logged-in members are sent to the members' home (login, landing pages). */
    guestsOnly?: boolean;
    /** The owning plugin (the server's switch decides per domain whether it is on). */
    plugin: string;
    /** What the kernel sends people to: the login page, the members' home. */
    serves?: 'login' | 'members-home';
    /** Rendered on the server for visitors (RouteDef.ssr). */
    ssr?: boolean;
    /** URL paths of the page's scripts and styles beyond the ones index.html loads. */
    files: string[];
    /**
     * The text namespaces its page needs with every plugin on, for a visitor and for a member
     * (kernel/web/texts.ts routeTexts); the shell inlines those of the plugins on for the domain.
     */
    texts?: {
      visitor: string[]; member: string[];
      /** Namespaces of which the page needs only its layout's labels: those keys, by namespace. */
      labels?: { visitor: Record<string, string[]>; member: Record<string, string[]> };
    };
  }>;
}
export const ROUTE_CHUNKS_FILE = 'route-chunks.json';
