import { css } from '@linaria/core';
import { breakpoints, colors, columns, containers, fontFamily, gutter } from '../theme.ts';

// .row / .col-N / .col-md-N …: the 12-column grid with 15 px gutters, generated at build time.
const gridCss = () => {
  const cols = (prefix: string) => Array.from({ length: columns }, (_, i) => `.col${prefix}-${i + 1} { grid-column: span ${i + 1}; }`).join('\n');
  return [
    `.row { display: grid; grid-template-columns: repeat(${columns}, minmax(0, 1fr)); column-gap: ${gutter * 2}px; }`,
    `.row > * { grid-column: span ${columns}; }`,
    cols(''),
    ...Object.entries(breakpoints).map(([bp, px]) => `@media (min-width: ${px}px) { ${cols(`-${bp}`)} }`),
  ].join('\n');
};

export const globals = css`
  :global() {
    *, *::before, *::after { box-sizing: border-box; }
    html { -webkit-text-size-adjust: 100%; }
    body {
      margin: 0;
      font-family: ${fontFamily};
      font-size: 16px;
      line-height: 1.5;
      color: ${colors.text};
      background: ${colors.light};
    }
    /* The alert docked at the bottom of the screen (AlertBar) would cover the page's end. */
    body:has([data-alert-dock] > [role='status']) { padding-bottom: 96px; }
    a { color: ${colors.dark}; }
    a:hover { color: ${colors.secondary}; }
    h1, h2, h3 { line-height: 1.2; margin: 0 0 12px; }
    img { max-width: 100%; display: block; }
    button, input, select, textarea { font: inherit; }
    :focus-visible { outline: 3px solid ${colors.secondary}; outline-offset: 2px; }
    .container {
      width: 100%;
      margin: 0 auto;
      padding: 0 ${gutter}px;
    }
    @media (min-width: ${breakpoints.sm}px) { .container { max-width: ${containers.sm}px; } }
    @media (min-width: ${breakpoints.md}px) { .container { max-width: ${containers.md}px; } }
    @media (min-width: ${breakpoints.lg}px) { .container { max-width: ${containers.lg}px; } }
    @media (min-width: ${breakpoints.xl}px) { .container { max-width: ${containers.xl}px; } }
    ${gridCss()}
    .skip-link {
      position: absolute; left: 10px; top: -60px; z-index: 3000; padding: 10px 16px;
      background: #fff; color: ${colors.dark}; border-radius: 0 0 8px 8px; font-weight: 600;
    }
    .skip-link:focus { top: 0; }
    .visually-hidden {
      position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
      overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
    }
  }
`;
