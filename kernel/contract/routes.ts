/**
 * The spec's route names and paths (section 2), in navigo syntax. Plugins register the routes they
 * own under these names; the kernel only refers to names here (e.g. where to send a visitor to log in).
 */
export const ROUTES = {
  index: '/',
  members: '/members',
  'members-id': '/members/:id',
  'likes-m-id': '/likes/m/:id',
  'members-id-chat': '/members/:id/chat',
  'members-id-landing': '/members/:id/landing',
  'members-id-signup': '/members/:id/signup',
  'members-id-landing2-slug': '/members/:id/landing2/:slug?',
  'members-id-landing3-slug': '/members/:id/landing3/:slug?',
  likes: '/likes',
  'likes-type': '/likes/:type',
  chats: '/chats',
  'chats-id': '/chats/:id',
  credits: '/credits',
  'credits-repeat-order': '/credits/repeat-order',
  'credits-id-paymentmethod': '/credits/:id/:paymentmethod?',
  'transactions-id': '/transactions/:id?',
  directdebit: '/directdebit',
  premium: '/premium',
  pricing: '/pricing',
  profile: '/profile',
  notifications: '/notifications',
  complaints: '/complaints',
  signup: '/signup',
  'signup-matches': '/signup-matches',
  'complete-signup': '/complete-signup',
  login: '/login',
  'reset-password': '/reset-password',
  'reset-password-do': '/reset-password/do',
  'mail-change-do': '/mail-change/do',
  'activate-done': '/activate/done',
  'activate-error': '/activate/error',
  'account-deleted': '/account-deleted',
  'lang-config': '/lang-config',
  // Not in the spec's table, but its rules name a "settings" page: account settings live here.
  settings: '/settings',
  'match-finder': '/match-finder',
  'swipe-game': '/swipe-game',
  'pages-terms': '/pages/terms',
  'pages-privacy': '/pages/privacy',
  'pages-cookies': '/pages/cookies',
  'pages-ban': '/pages/ban',
  'pages-return-policy': '/pages/return-policy',
  'pages-faq': '/pages/faq',
  'pages-service': '/pages/service',
} as const;

export type RouteName = keyof typeof ROUTES;
/** Members-area routes (time bonus and banner rules). */
export const MEMBERS_AREA: RouteName[] = ['members', 'members-id', 'chats', 'likes', 'likes-m-id', 'premium'];
/** Routes that show a Back button in the installed app (when there is history). */
export const BACK_BUTTON_ROUTES: RouteName[] = [
  'members-id', 'likes', 'credits', 'credits-repeat-order', 'credits-id-paymentmethod', 'transactions-id', 'directdebit',
];
/** Where a visitor logs in, and where a member lands after. */
export const LOGIN_ROUTE: RouteName = 'login';
export const HOME_ROUTE_FOR_MEMBERS: RouteName = 'members';
