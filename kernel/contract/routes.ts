/**
 * Browser route names, open for plugins: each plugin's descriptor lists the routes it owns (name ->
 * navigo path, from the spec's route table) and merges them in here:
 *
 *   declare module '../../kernel/contract/routes.ts' {
 *     interface RouteNames extends RoutePaths<typeof chatPlugin> {}
 *   }
 *
 * so `router.navigate('chats-id', …)` is checked, and a route nobody installs is no name at all.
 * The kernel names no route: the login page, the members' home and back-button pages say what they
 * are in their route definitions (`serves`, `backButton`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RouteNames {}

export type RouteName = keyof RouteNames & string;

/** The route map of a descriptor, for `interface RouteNames extends RoutePaths<typeof d> {}`. */
export type RoutePaths<D> = D extends { routes: infer R } ? { -readonly [K in keyof R]: R[K] } : object;

/**
 * A link target in another plugin: `routeRef('members')`. Resolved by the router (`resolve`), it
 * gives the path, or null where the plugin owning the route is off for the domain, so a link to it
 * is hidden instead of leading to a 404 (`<Link to={ref}>` renders nothing then).
 */
export interface RouteRef<N extends RouteName = RouteName> { readonly route: N }
export const routeRef = <N extends RouteName>(route: N): RouteRef<N> => Object.freeze({ route });
