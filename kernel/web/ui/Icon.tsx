/**
 * A small set of line icons as inline SVG: no icon font, no emoji font needed. The kernel has the
 * ones its own layouts use; plugins add theirs through their manifest's `icons` and declare the
 * names here by declaration merging (`declare module '…/kernel/web/ui/Icon.tsx' { interface IconNames { chat: true } }`).
 */
const paths: Record<string, string> = {
  search: 'M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.3 4.3-1.4 1.4-4.3-4.3A7.5 7.5 0 1 1 10.5 3zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z',
  user: 'M12 3a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zm0 8c4.4 0 8 2.2 8 5v3H4v-3c0-2.8 3.6-5 8-5zm0 2c-3.5 0-6 1.6-6 3v1h12v-1c0-1.4-2.5-3-6-3z',
  login: 'M10 3h9a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-9v-2h9V5h-9V3zm1.6 4.6L16 12l-4.4 4.4-1.4-1.4 2-2H3v-2h9.2l-2-2 1.4-1.4z',
};

export interface IconNames { search: true; user: true; login: true }
export type IconName = keyof IconNames & string;

/** Adds the icons of the enabled plugins (the kernel calls this once at start). */
export function addIcons(more: Record<string, string>) {
  Object.assign(paths, more);
}

export function Icon({ name, size = 22 }: { name: IconName; size?: number }) {
  const d = paths[name];
  if (!d) return null;
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor" style={{ flex: 'none' }}>
      <path d={d} />
    </svg>
  );
}
