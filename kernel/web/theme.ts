/** Visual identity of spec section 1; plain values so Linaria can inline them at build time. */
export const colors = {
  primary: '#ffa800',
  primaryDark: '#e69500',
  secondary: '#c235c1',
  success: '#00b300',
  danger: '#dc3545',
  dark: '#733675',
  unread: '#c235c1',
  text: '#212529',
  muted: '#6c757d',
  border: '#dee2e6',
  light: '#f7f3f8',
  white: '#ffffff',
  warning: '#ffa800',
  /** Text colours that keep WCAG AA contrast: orange on the purple bar, green on white. */
  primaryOnDark: '#ffc94d',
  successText: '#007a00',
} as const;

export const breakpoints = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;
export const containers = { sm: 540, md: 720, lg: 960, xl: 1140 } as const;
export const gutter = 15;
export const columns = 12;
export const toastWidth = 350;
export const modalWidths = { sm: 300, md: 500, lg: 800, xl: 1140 } as const;
/** Open Sans, then faces of Arial / DejaVu Sans sized like it (kernel/web/ui/fonts.css), then Arial. */
export const fontFamily = "'Open Sans', 'Open Sans Fallback', 'Open Sans Fallback DejaVu', Arial, sans-serif";

export const up = (bp: keyof typeof breakpoints) => `@media (min-width: ${breakpoints[bp]}px)`;
