import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../kernel/web/ui/Button.tsx';
import { signupsOpenFor, type SignupExtras, type Tracking } from '../../plugins/signup/contract.ts';
import { SignupSteps } from '../../plugins/signup/web/SignupSteps.tsx';
import { useWidgetKernel } from '../kernel/context.ts';
import { useSignupFlow, type WidgetSignupResult } from './flow.ts';

/** What the page hears when a visitor made an account in the widget (a DOM CustomEvent, see README). */
export interface SignupCompleteDetail { widget: 'signup'; tracking: Tracking }

interface Props {
  /** The widget's element in the page: events start there (and bubble to document and window). */
  host: Element;
  /** A dialog over the page (no target given) or a panel in the page. */
  modal: boolean;
  tracking: Tracking;
  /** Interests for the new profile, and the same-site path the hand-off link leads to. */
  extras?: SignupExtras;
  onComplete?(detail: SignupCompleteDetail): void;
  onClose(): void;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * The signup dialog of the `signup` plugin on a partner's page: the same steps and messages as in
 * the app; the account's session reaches the site through the one-time hand-off link.
 */
export function SignupWidget({ host, modal, tracking, extras, onComplete, onClose }: Props) {
  const kernel = useWidgetKernel();
  const { t } = useTranslation();
  const [state, actions] = useSignupFlow(kernel.api, tracking, extras);
  const [done, setDone] = useState<WidgetSignupResult | null>(null);
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const site = kernel.settings.canonical_url || kernel.origin;
  const page = (path: string) => `${site}${path}`;
  // Once the first answer is given and until the account exists, only the × closes the dialog.
  const locked = state.step > 0 && !done;

  const lockedRef = useRef(locked);
  lockedRef.current = locked;

  // A dialog takes the focus, keeps Tab inside, and gives the focus back to the page when it closes.
  useEffect(() => {
    if (!modal) return;
    const previous = document.activeElement as HTMLElement | null;
    (panel.current?.querySelector<HTMLElement>(FOCUSABLE) ?? panel.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !lockedRef.current) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [modal, onClose]);
  const trapTab = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (!modal || e.key !== 'Tab') return;
    const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (!items.length) return;
    // Inside a shadow root the document only sees the host element: ask the root what has the focus.
    const active = (e.currentTarget.getRootNode() as Document | ShadowRoot).activeElement;
    const [first, last] = [items[0], items[items.length - 1]];
    if (e.shiftKey && active === first) { e.preventDefault(); last.focus(); }
    else if (!e.shiftKey && active === last) { e.preventDefault(); first.focus(); }
  };

  const finish = (result: WidgetSignupResult) => {
    setDone(result);
    const detail: SignupCompleteDetail = { widget: 'signup', tracking };
    onComplete?.(detail);
    // Cancelable: a page that wants to keep the visitor calls preventDefault() and the widget shows a
    // link instead (valid 60 s); otherwise the visitor continues on the site, logged in.
    const go = host.dispatchEvent(new CustomEvent<SignupCompleteDetail>('signup-complete', { detail, bubbles: true, composed: true, cancelable: true }));
    if (go) window.location.assign(result.handoff_url);
  };

  const open = signupsOpenFor(kernel.settings.signups, tracking);
  const body = !open ? (
    <div role="note">
      <h3>{t('signup:invite.title')}</h3>
      <p>{t('signup:invite.text')}</p>
      <p>{t('signup:invite.member')} <a href={page('/login')} target="_top">{t('signup:invite.login')}</a></p>
    </div>
  ) : done ? (
    <div>
      <h3>{t('signup:completion.title')}</h3>
      <p>{t('signup:completion.text', { email: done.user.email })}</p>
      <p style={{ fontSize: 14, color: '#6c757d' }}>{t('signup:completion.spam')}</p>
      <a className={buttonClass} href={done.handoff_url} target="_top">{t('signup:completion.matches')}</a>
    </div>
  ) : (
    <SignupSteps<WidgetSignupResult>
      state={state}
      actions={actions}
      onSubmitted={finish}
      loginLink={(label) => <a href={page('/login')} target="_top">{label}</a>}
      legalLinks={<><a href={page('/pages/terms')} target="_blank" rel="noopener">{t('signup:message.termsLink')}</a> · <a href={page('/pages/privacy')} target="_blank" rel="noopener">{t('signup:message.privacyLink')}</a></>}
    />
  );

  const content = (
    <div ref={panel} className="flirt-panel" tabIndex={-1} onKeyDown={trapTab} {...(modal ? { role: 'dialog', 'aria-modal': true, 'aria-labelledby': titleId } : { role: 'region', 'aria-labelledby': titleId })}>
      {modal && <button type="button" className="flirt-close" aria-label={t('kernel:close')} onClick={onClose}>×</button>}
      <h2 id={titleId}>{t('signup:modalTitle')}</h2>
      {body}
    </div>
  );
  if (!modal) return content;
  return (
    <div className="flirt-backdrop" onMouseDown={(e) => { if (e.target === e.currentTarget && !locked) onClose(); }}>
      {content}
    </div>
  );
}
