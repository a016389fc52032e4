/**
 * What `typebox` is in browser builds (rsbuild.config.ts aliases it here for the app and the
 * widgets). Contracts build their schemas with TypeBox, and the browser needs only their static
 * types, which the compiler reads from the real package; at run time an endpoint there is its
 * method and path. Every builder (`Type.Object(…)`, `Type.String(…)`, …) returns an empty schema,
 * so about 20 KiB gzip of TypeBox stay out of every page. A form that needs a real schema asks the
 * server for it (it is JSON). Browser code never imports `typebox/*` subpaths (architecture test).
 */
const emptySchema = (): Record<string, never> => ({});
const builders: Record<string, typeof emptySchema> = new Proxy({}, { get: () => emptySchema });

export const Type = builders;
export default builders;
