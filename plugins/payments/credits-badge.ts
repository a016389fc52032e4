// The credits badge of the top navigation (no styles here: the manifest and the build's route
// table, which runs in Node, import it).
import type { BadgeTone } from '../../kernel/web/ui/badge-tone.ts';

export const CREDITS_BADGE_MAX = 10;

/** Shown at 10 credits or fewer: danger at 0, warning above. */
export function creditsBadge(credits: number): { show: boolean; tone: BadgeTone } {
  return { show: credits <= CREDITS_BADGE_MAX, tone: credits <= 0 ? 'danger' : 'warning' };
}
