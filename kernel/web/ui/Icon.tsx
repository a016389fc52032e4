/** A small set of line icons as inline SVG: no icon font, no emoji font needed. */
const PATHS = {
  search: 'M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.3 4.3-1.4 1.4-4.3-4.3A7.5 7.5 0 1 1 10.5 3zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z',
  user: 'M12 3a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zm0 8c4.4 0 8 2.2 8 5v3H4v-3c0-2.8 3.6-5 8-5zm0 2c-3.5 0-6 1.6-6 3v1h12v-1c0-1.4-2.5-3-6-3z',
  chat: 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm0 2v11.2L8.3 16H20V6H4z',
  heart: 'M12 20.5 4.3 13A5 5 0 0 1 12 6.6 5 5 0 0 1 19.7 13L12 20.5zm0-2.8 6.3-6.1a3 3 0 1 0-4.6-3.9L12 9.4l-1.7-1.7a3 3 0 1 0-4.6 3.9l6.3 6.1z',
  coins: 'M12 3c4.4 0 8 1.6 8 3.5v11c0 1.9-3.6 3.5-8 3.5s-8-1.6-8-3.5v-11C4 4.6 7.6 3 12 3zm6 11.4c-1.5.7-3.6 1.1-6 1.1s-4.5-.4-6-1.1v3.1c.3.5 2.5 1.5 6 1.5s5.7-1 6-1.5v-3.1zm0-5c-1.5.7-3.6 1.1-6 1.1s-4.5-.4-6-1.1v3.1c.3.5 2.5 1.5 6 1.5s5.7-1 6-1.5V9.4zM12 5c-3.5 0-5.7 1-6 1.5.3.5 2.5 1.5 6 1.5s5.7-1 6-1.5C17.7 6 15.5 5 12 5z',
  star: 'm12 2.5 2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9 2.9-6z',
  login: 'M10 3h9a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-9v-2h9V5h-9V3zm1.6 4.6L16 12l-4.4 4.4-1.4-1.4 2-2H3v-2h9.2l-2-2 1.4-1.4z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 22 }: { name: IconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor" style={{ flex: 'none' }}>
      <path d={PATHS[name]} />
    </svg>
  );
}
