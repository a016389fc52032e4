/**
 * Secondary text on the light page background: darker than the theme's muted grey (#6c757d gives
 * 4.3:1 on #f7f3f8, under WCAG AA's 4.5:1); this gives about 6:1.
 */
export const MUTED_TEXT = '#596068';
