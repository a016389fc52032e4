import latin400 from '@fontsource/open-sans/files/open-sans-latin-400-normal.woff2';
import latinExt400 from '@fontsource/open-sans/files/open-sans-latin-ext-400-normal.woff2';
import latin600 from '@fontsource/open-sans/files/open-sans-latin-600-normal.woff2';
import latinExt600 from '@fontsource/open-sans/files/open-sans-latin-ext-600-normal.woff2';
import latin700 from '@fontsource/open-sans/files/open-sans-latin-700-normal.woff2';
import latinExt700 from '@fontsource/open-sans/files/open-sans-latin-ext-700-normal.woff2';

/**
 * Open Sans (spec section 1) inside the widgets. @font-face rules do not work inside a shadow root,
 * so the faces go to the page's font set through the FontFace API, under a family name of our own:
 * the page's own fonts and styles stay as they were. Like kernel/web/ui/fonts.css, each face has its
 * unicode-range and downloads only when a character of it is shown.
 */
export const FAMILY = 'FlirtHaven Open Sans';
export const FONT_FAMILY = `'${FAMILY}', Arial, 'Liberation Sans', sans-serif`;

const LATIN = 'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';
const LATIN_EXT = 'U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF';
const FACES: [string, string, string][] = [
  [latin400, '400', LATIN], [latinExt400, '400', LATIN_EXT],
  [latin600, '600', LATIN], [latinExt600, '600', LATIN_EXT],
  [latin700, '700', LATIN], [latinExt700, '700', LATIN_EXT],
];

let added = false;

export function addWidgetFonts() {
  if (added || typeof FontFace === 'undefined' || !document.fonts) return;
  added = true;
  for (const [url, weight, unicodeRange] of FACES) {
    document.fonts.add(new FontFace(FAMILY, `url(${JSON.stringify(url)}) format('woff2')`, { weight, unicodeRange, display: 'swap' }));
  }
}
