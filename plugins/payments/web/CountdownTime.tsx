import type { ReactNode } from 'react';
import { formatCountdown, useCountdown } from './countdown.ts';

/**
 * hh:mm:ss left of `seconds` counted from `startedAt`, in a <time>: the only part of a page that
 * re-renders each second (the banner, notice or dialog around it renders once). `children` wraps
 * the text (e.g. "{{time}} left"); nothing shows once it reaches 0, when `onZero` runs once.
 */
export function CountdownTime({ seconds, startedAt, onZero, children = (time) => time }: {
  seconds: number; startedAt: number; onZero?(): void; children?(time: string): ReactNode;
}) {
  const left = useCountdown(seconds, startedAt, onZero);
  if (left <= 0) return null;
  // The server's render counted from its own clock a moment earlier: a second apart is no mismatch.
  return <time dateTime={`PT${left}S`} suppressHydrationWarning>{children(formatCountdown(left))}</time>;
}
