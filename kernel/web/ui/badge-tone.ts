/** Tones of a navigation badge (kernel/web/ui/Badge.tsx). */
export type BadgeTone = 'info' | 'warning' | 'danger' | 'unread';
