// The cookies the browser itself writes and reads: what the server must know to render a page the way
// the browser will show it (its language, which alerts were dismissed, a plugin's browser-only state),
// and where a visitor came from (signup's tracking).
const YEAR_SECONDS = 365 * 86400;

export function readCookie(name: string): string | null {
  const m = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}

/** A first-party cookie for the whole site, kept a year unless told (Secure on https). */
export function writeCookie(name: string, value: string, maxAgeSeconds?: number) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds ?? YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`;
}
