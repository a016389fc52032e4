import type { ComponentType, ReactNode } from 'react';
import type { IAnyModelType } from 'mobx-state-tree';
import type { i18n as I18n } from 'i18next';
import type { Api } from './api.ts';
import type { Bus } from './bus.ts';
import type { Router } from './router.ts';
import type { SiteSettings } from '../contract/settings.ts';
import type { KernelStoreInstance } from './store.ts';
import type { RouteName } from '../contract/routes.ts';
import type { PluginDescriptor } from '../contract/plugin.ts';
import type { IconName } from './ui/Icon.tsx';
import type { Realtime } from './realtime.ts';
import type { StoreSlice } from './slice.ts';

/**
 * Layout names, open for plugins: the kernel's four, plus any a plugin contributes through its
 * manifest's `layouts` and declares here by declaration merging (`interface LayoutNames { x: true }`).
 */
export interface LayoutNames { default: true; chat: true; lander: true; empty: true }
export type LayoutName = keyof LayoutNames & string;
/**
 * Who may see a route, as on the server (kernel/server/access.ts): 'visitor' anyone, 'member' a
 * logged-in member (visitors are sent to log in), 'operator' an operator (visitors are sent to log
 * in, other members see a 403 page). Every route says which; the registry refuses one that does not.
 */
export type Access = 'visitor' | 'member' | 'operator';
export const ACCESS_LEVELS: readonly Access[] = ['visitor', 'member', 'operator'];
/** Where a route belongs: the members area (spec: time bonus and banner rules) or not (null). */
export type Area = 'members' | null;
type Lazy<P = object> = () => Promise<{ default: ComponentType<P> }>;

export interface PageProps { params: Record<string, string>; query: Record<string, string> }

export interface RouteDef<N extends string = RouteName> {
  name: N;                     // the spec's route name, e.g. "members-id"; its path is in the descriptor
  page: Lazy<PageProps>;
  layout?: LayoutName;         // default: 'default'
  access: Access;              // who may see it (required)
  /** Logged-in members are sent on (to ?redirect or the members' home): login, signup, landing pages. */
  guestsOnly?: boolean;
  area?: 'members';            // members-area routes (time bonus, banners)
  titleKey?: string;           // i18n key of the window title
  /**
   * What the kernel sends people to: 'login' (a visitor on a members' page), 'members-home' (a
   * member on a visitors' page, after login). One route of each per site.
   */
  serves?: 'login' | 'members-home';
  /** Shows a Back button in the installed app (when there is history). */
  backButton?: boolean;
  /**
   * The server renders this page (kernel/web/ssr.tsx): the HTML arrives with the page in it, and the
   * browser hydrates it. For visitors (an entry page: the landing page at "/") the HTML may be kept
   * and shared; for a logged-in member it is rendered for them alone (what plugins' `hydrate` took
   * from the boot data: the member, the first search results), never kept.
   */
  ssr?: boolean;
}

/** A layout a plugin adds (e.g. an operator console), used by routes with `layout: name`. */
export interface LayoutDef { name: LayoutName; component: Lazy<{ children: ReactNode }> }

/** What `when`, `badge` and friends see: reactive, read-only. */
export interface SlotContext {
  // Plugin slices, read through their typed refs: `chatSlice.of(ctx)` (see slice.ts).
  readonly store: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The app's own state: current route, logged-in member id, locale, loading, modals, toasts. */
  readonly appState: KernelStoreInstance;
  readonly loggedIn: boolean;
  readonly route: { name: string; layout: LayoutName; path: string; params: Record<string, string>; query: Record<string, string> };
  /** The current route's `area`: 'members' in the members area, else null. */
  readonly area: Area;
  readonly settings: SiteSettings;
}

export interface NavItemDef {
  id: string;
  slot: 'top' | 'account';
  order: number;
  labelKey: string;
  icon?: IconName;
  /** A route name (with params) or an action. */
  route?: string;
  params?: (ctx: SlotContext) => Record<string, string | number>;
  action?: (kernel: WebKernel) => void;
  when?: (ctx: SlotContext) => boolean;
  badge?: (ctx: SlotContext) => number | null | undefined;
  /** Tone of the badge; default 'info'. */
  badgeTone?: (ctx: SlotContext) => 'info' | 'warning' | 'danger' | 'unread';
  /** Show the badge even at 0 (e.g. credits). */
  badgeAtZero?: boolean;
  variant?: 'link' | 'button';
}

export interface AlertDef {
  id: string;
  priority: number;
  when: (ctx: SlotContext) => boolean;
  component: Lazy<{ dismiss(): void; ctx: SlotContext }>;
  /** Storage key of the dismissal; once stored the alert stays hidden. */
  dismiss?: string;
  /**
   * Layouts that show the alert (those rendering alerts: 'default', 'chat'); default ['default'],
   * as the spec lists its alerts for the default layout.
   */
  layouts?: LayoutName[];
}

/**
 * Places in the layouts for full-width strips: `banner` above the navigation (e.g. the welcome
 * bonus), `below-nav` right under it. Rendered by the default and chat layouts (the spec's banners
 * belong there; the lander and empty layouts have none).
 */
export type LayoutSlot = 'banner' | 'below-nav';

export interface BannerDef {
  id: string;
  slot: LayoutSlot;
  order: number;
  when?: (ctx: SlotContext) => boolean;
  component: Lazy<{ ctx: SlotContext }>;
  /**
   * Height in px held while the chunk loads (no layout shift when it arrives): one number, or
   * phones and from 576 px. Without it nothing is held.
   */
  height?: number | { phone: number; wide: number };
}

/**
 * Modals and the props each is opened with, declared by the plugin that owns the modal by
 * declaration merging (`interface ModalProps { 'new-like': { profile: LikedProfile } }`), so
 * `openModal('new-like', { profile })` is checked wherever it is called.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModalProps {}
export type ModalId = keyof ModalProps & string;
/** The props argument of `openModal(id, …)`: optional when the modal takes none. */
export type ModalArgs<K extends ModalId> = object extends ModalProps[K] ? [props?: ModalProps[K]] : [props: ModalProps[K]];

export interface ModalOf<K extends ModalId> {
  id: K;
  size?: 'sm' | 'md' | 'lg' | 'xl' | 'full';
  component: Lazy<{ close(): void; props: ModalProps[K] }>;
  /** While this returns true, backdrop and Escape do not close the modal. */
  locked?: (ctx: SlotContext) => boolean;
}
/** Any modal (a plugin's `modals` list). */
export type ModalDef = { [K in ModalId]: ModalOf<K> }[ModalId];

/**
 * Places in one plugin's screens where others show their UI, and the props the host passes,
 * declared by the host plugin by declaration merging (`interface PanelSlots { 'member-actions':
 * { profile: ProfileDetail } }`): a contribution's component takes exactly those props.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PanelSlots {}
export type PanelSlot = keyof PanelSlots & string;

/**
 * A piece of one plugin's UI shown inside another plugin's screen at a named place, e.g. the like
 * button (likes) in the member profile (members) or the invisible-mode switch in settings. The
 * host renders `<Panels slot="…" props={…}/>` and knows nothing of who fills it.
 */
export interface PanelOf<S extends PanelSlot> {
  id: string;
  slot: S;
  order: number;
  component: Lazy<{ props: PanelSlots[S] }>;
  when?: (ctx: SlotContext) => boolean;
}
/** A contribution to any slot (a plugin's `panels` list). */
export type PanelDef = { [S in PanelSlot]: PanelOf<S> }[PanelSlot];

export interface FooterLinkDef { id: string; order: number; labelKey: string; route: string; when?: (ctx: SlotContext) => boolean }

/** What a plugin's manifest adds to its descriptor in the browser. */
export interface WebParts<N extends string = RouteName> {
  /** The page of each route named in the descriptor (layout, access, title…). */
  pages?: RouteDef<N>[];
  navItems?: NavItemDef[];
  alerts?: AlertDef[];
  /** Contributions to the layout slots `banner` and `below-nav`. */
  banners?: BannerDef[];
  modals?: ModalDef[];
  footerLinks?: FooterLinkDef[];
  panels?: PanelDef[];
  store?: StoreSlice<IAnyModelType>;
  /** Icons this plugin's nav items and pages use: name -> SVG path (24×24); names merged into IconNames. */
  icons?: Record<string, string>;
  layouts?: LayoutDef[];
  /** Adds to the "(N)" window-title count and the app badge (unread messages, new likes). */
  attentionCount?: (ctx: SlotContext) => number;
  /**
   * Takes what the page carries inline (`kernel.bootData`) into the plugin's store, before `boot` and
   * before the first render. It also runs on the server when a page is rendered there
   * (kernel/web/ssr.tsx), so it touches no browser API: what the server rendered and what the
   * browser hydrates come from the same state.
   */
  hydrate?: (kernel: WebKernel) => void;
  /** Awaited before the first render (e.g. who is logged in). */
  boot?: (kernel: WebKernel) => Promise<void>;
  /** Subscriptions and timers; returns their disposer. */
  setup?: (kernel: WebKernel) => () => void;
}

export type WebPlugin = PluginDescriptor & WebParts<string>;

type RouteNameOf<D> = D extends { routes: infer R } ? keyof R & string : never;

/** A browser plugin: its descriptor (plugins/<id>/plugin.ts) plus what it shows. */
export const definePlugin = <const D extends PluginDescriptor>(descriptor: D, parts: WebParts<RouteNameOf<D>>): WebPlugin =>
  ({ ...descriptor, ...parts }) as WebPlugin;

/** What plugins get to work with in the browser. */
export interface WebKernel {
  api: Api;
  bus: Bus;
  i18n: I18n;
  router: Router;
  settings: SiteSettings;
  store: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The app's own state: current route, logged-in member id, locale, loading, modals, toasts. */
  appState: KernelStoreInstance;
  ctx: SlotContext;
  /** The live connection to the server (events arrive on the bus as `realtime:event`). */
  realtime: Realtime;
  setLocale(locale: string): Promise<void>;
  /**
   * What the server put into the page for the first paint under this name (see the server's
   * `kernel.bootData.add`), or undefined when the page carries none: then ask the API as usual.
   */
  bootData<T = unknown>(name: string): T | undefined;
}
