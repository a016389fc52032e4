import { useEffect, useState } from 'react';
import { styled } from '@linaria/react';
import { colors } from '../theme.ts';

export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;

const Bar = styled.div`
  position: fixed;
  top: 0;
  left: 0;
  z-index: 2000;
  height: 3px;
  background: linear-gradient(90deg, ${colors.primary}, ${colors.secondary});
  transition: width ${PROGRESS_DURATION_MS}ms cubic-bezier(0.1, 0.6, 0.3, 1), opacity 0.3s;
  &[data-done='true'] { transition: width 0.2s, opacity 0.4s 0.2s; }
`;

/** Shows only when loading lasts longer than the throttle; crawls towards 90 % over 5 s. */
export function ProgressBar({ active }: { active: boolean }) {
  const [phase, setPhase] = useState<'idle' | 'start' | 'run' | 'done'>('idle');
  useEffect(() => {
    if (active) {
      const t = setTimeout(() => {
        setPhase('start');
        requestAnimationFrame(() => requestAnimationFrame(() => setPhase('run')));
      }, PROGRESS_THROTTLE_MS);
      return () => clearTimeout(t);
    }
    setPhase((p) => (p === 'idle' ? 'idle' : 'done'));
    const t = setTimeout(() => setPhase('idle'), 700);
    return () => clearTimeout(t);
  }, [active]);
  if (phase === 'idle') return null;
  const width = phase === 'start' ? '0%' : phase === 'run' ? '90%' : '100%';
  return <Bar role="progressbar" aria-hidden="true" data-done={phase === 'done'} style={{ width, opacity: phase === 'done' ? 0 : 1 }} />;
}
