/** A lazily loaded chunk (page, modal, locale) failed to download: usually a new deploy. */
export function isChunkLoadError(err: unknown): boolean {
  const e = err as { name?: string; message?: string } | null;
  return !!e && (e.name === 'ChunkLoadError' || /Loading (CSS )?chunk|dynamically imported module|Failed to fetch dynamically/i.test(e.message ?? ''));
}

export const CHUNK_RELOAD_KEY = 'chunk-reload-at';
export const CHUNK_RELOAD_GUARD_MS = 60_000;

/** Reloads the page for a chunk error, at most once per 60 s; returns whether it reloaded. */
export function reloadForChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  reload: () => void = () => location.reload(),
  now = Date.now(),
): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  reload();
  return true;
}
