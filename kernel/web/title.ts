/** "(3) Page – Site" when something waits for the member, else "Page – Site". */
export function windowTitle(count: number, page: string | null, site: string): string {
  const base = page ? `${page} – ${site}` : site;
  return count > 0 ? `(${count}) ${base}` : base;
}

/** The installed app's badge; unsupported browsers and failures are ignored. */
export function setAppBadge(count: number) {
  const nav = navigator as Navigator & { setAppBadge?(n?: number): Promise<void>; clearAppBadge?(): Promise<void> };
  try {
    const p = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.();
    p?.catch(() => {});
  } catch { /* ignored by design */ }
}
