import { colors } from '../../kernel/web/theme.ts';
import { FONT_FAMILY } from './fonts.ts';

/** What widgets/kernel/style-transform.cjs collects: every CSS text of the widget bundle, in one sheet. */
interface CssRegistry { parts: Map<unknown, string>; sheet: CSSStyleSheet | null }

/**
 * The widget's own base: `all: initial` on the host cuts every property the page would pass down,
 * sizes are in px (rem would follow the page's root font size), the font is the widget's own face.
 */
const BASE_CSS = `
:host { all: initial; display: block; }
:host([hidden]) { display: none; }
.flirt-root {
  /* The page's rules on the host element itself (e.g. "* { letter-spacing: 3px }") beat :host, and
     inherited properties would flow in from there: the root starts from scratch again. */
  all: initial; display: block;
  font-family: ${FONT_FAMILY}; font-size: 16px; line-height: 1.5; color: ${colors.text};
  text-align: left; -webkit-text-size-adjust: 100%;
}
.flirt-root *, .flirt-root *::before, .flirt-root *::after { box-sizing: border-box; }
.flirt-root h2, .flirt-root h3 { line-height: 1.2; margin: 0 0 12px; color: ${colors.dark}; }
.flirt-root h2 { font-size: 22px; }
.flirt-root h3 { font-size: 18px; }
.flirt-root p { margin: 0 0 12px; }
.flirt-root a { color: ${colors.dark}; }
.flirt-root button, .flirt-root input, .flirt-root select, .flirt-root textarea { font: inherit; }
.flirt-root :focus-visible { outline: 3px solid ${colors.secondary}; outline-offset: 2px; }
.flirt-root .visually-hidden {
  position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
}
`;

let base: CSSStyleSheet | null = null;

/** Gives a shadow root the widget's styles (and nothing of them reaches the page). */
export function adoptWidgetStyles(root: ShadowRoot, extra = '') {
  const g = globalThis as { __flirtWidgetCss?: CssRegistry };
  const reg = g.__flirtWidgetCss ??= { parts: new Map(), sheet: null };
  reg.sheet ??= new CSSStyleSheet();
  if (!base) {
    base = new CSSStyleSheet();
    base.replaceSync(BASE_CSS);
  }
  const own = new CSSStyleSheet();
  own.replaceSync(extra);
  root.adoptedStyleSheets = [base, reg.sheet, own];
}
