/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import type { LanderFrame } from '../contract.ts';
import { translator } from './texts.ts';

/**
 * The lander layout (spec section 2: simple brand bar, footer, disclaimer): no member navigation,
 * nothing that competes with the call to action.
 */
export function Frame({ frame, children }: { frame: LanderFrame; children: ComponentChildren }) {
  const t = translator(frame.texts);
  return (
    <div class="lr">
      <header class="lr-brand"><a href="/" class="lr-brand-name">{frame.site.name}</a></header>
      <main id="main" class="lr-main">{children}</main>
      <footer class="lr-foot">
        {frame.footer.length > 0 && (
          <nav aria-label={t('frame.links')}>
            <ul>{frame.footer.map((l) => <li key={l.path}><a href={l.path}>{l.label}</a></li>)}</ul>
          </nav>
        )}
        <p class="lr-disclaimer">{t('frame.disclaimer', { name: frame.site.name })}</p>
        <p class="lr-adults">{t('frame.adults')}</p>
      </footer>
    </div>
  );
}

/**
 * The call to action: a real link to the signup page (works without JavaScript); the lander's
 * script turns it into the signup dialog with the visitor's tracking data (client.tsx).
 */
export function SignupCta({ frame, label, className = '' }: { frame: LanderFrame; label: string; className?: string }) {
  return <a class={`lr-cta ${className}`} href={frame.signupPath} data-signup="">{label}</a>;
}
