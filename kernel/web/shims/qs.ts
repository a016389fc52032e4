// superagent's browser client imports `qs` for one thing: writing an
// `application/x-www-form-urlencoded` body (`{ indices: false, strictNullHandling: true }`), which
// this app never sends (JSON and files only). qs and what it pulls in (get-intrinsic, side-channel,
// object-inspect) were most of the API's chunk and one long task when the first request ran. The
// browser builds take this instead (rsbuild.config.ts): the same encoding, for objects and arrays.

function pairs(out: string[], key: string, value: unknown) {
  if (value === undefined) return;
  if (value === null) out.push(encodeURIComponent(key));
  else if (Array.isArray(value)) for (const v of value) pairs(out, key, v);
  else if (value instanceof Date) pairs(out, key, value.toISOString());
  else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) pairs(out, `${key}[${k}]`, v);
  else out.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
}

/** `qs.stringify(object, { indices: false, strictNullHandling: true })`. */
export function stringify(object: unknown): string {
  const out: string[] = [];
  if (object && typeof object === 'object') for (const [k, v] of Object.entries(object)) pairs(out, k, v);
  return out.join('&');
}
