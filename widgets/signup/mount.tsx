import { createRoot } from 'react-dom/client';
import { afterPath, signupInterests, trackingFrom, type SignupExtras } from '../../plugins/signup/contract.ts';
import { colors } from '../../kernel/web/theme.ts';
import type { MountArgs } from '../loader.ts';
import { addWidgetFonts } from '../kernel/fonts.ts';
import { adoptWidgetStyles } from '../kernel/styles.ts';
import { createWidgetKernel, WidgetKernelContext } from '../kernel/kernel.ts';
import { I18nextProvider } from '../kernel/react-i18n.tsx';
import { SignupWidget, type SignupCompleteDetail } from './SignupWidget.tsx';

/** The dialog and panel around the steps (the steps bring their own styles). */
const SIGNUP_CSS = `
.flirt-backdrop {
  position: fixed; inset: 0; z-index: 2147483000; display: flex; align-items: flex-start; justify-content: center;
  padding: 28px 10px; overflow-y: auto; background: rgba(30, 10, 32, 0.6);
}
.flirt-panel {
  position: relative; width: 100%; max-width: 500px; margin: 0 auto; padding: 24px 20px 20px;
  background: ${colors.white}; border-radius: 12px; box-shadow: 0 12px 40px rgba(0, 0, 0, 0.3);
}
.flirt-inline .flirt-panel { box-shadow: 0 4px 18px rgba(115, 54, 117, 0.12); }
.flirt-panel:focus { outline: none; }
.flirt-close {
  position: absolute; top: 8px; right: 10px; padding: 4px 8px; border: 0; background: none;
  font-size: 26px; line-height: 1; cursor: pointer; color: #555;
}
.flirt-root[data-theme='dark'] .flirt-panel { background: #2a1b2b; color: ${colors.light}; }
.flirt-root[data-theme='dark'] h2, .flirt-root[data-theme='dark'] h3 { color: ${colors.primaryOnDark}; }
.flirt-root[data-theme='dark'] p, .flirt-root[data-theme='dark'] .flirt-close { color: #e5dbe6; }
.flirt-root[data-theme='dark'] a { color: ${colors.primaryOnDark}; }
.flirt-root[data-theme='dark'] form > div:first-child { color: #cbbccc; }
`;

/** Starts the signup widget: its element and shadow root, fonts, styles, texts and settings. */
export async function mount({ origin, options }: MountArgs) {
  const target = typeof options.target === 'string' ? document.querySelector(options.target) : options.target instanceof Element ? options.target : null;
  if (options.target && !target) throw new Error(`no element ${String(options.target)} to show the signup widget in`);
  addWidgetFonts();
  const modal = !target;
  const host = document.createElement('flirt-signup');
  const shadow = host.attachShadow({ mode: 'open' });
  adoptWidgetStyles(shadow, SIGNUP_CSS);
  const el = document.createElement('div');
  el.className = modal ? 'flirt-root' : 'flirt-root flirt-inline';
  el.dataset.theme = options.theme === 'dark' ? 'dark' : 'light';
  shadow.appendChild(el);
  const kernel = await createWidgetKernel(origin, options.lang, ['kernel', 'signup', 'members']);
  (target ?? document.body).appendChild(host);
  el.lang = kernel.locale;
  const root = createRoot(el);
  const close = () => {
    root.unmount();
    host.remove();
  };
  const onComplete = typeof options.onComplete === 'function' ? (options.onComplete as (d: SignupCompleteDetail) => void) : undefined;
  const tracking = trackingFrom(Object.fromEntries(Object.entries(options).map(([k, v]) => [k, typeof v === 'string' ? v : undefined])));
  // Interests for the new profile (an icons lander's picks) and a same-site path to continue to (a profile lander's conversation).
  const interests = signupInterests(options.interests);
  const after = afterPath(options.after);
  const extras: SignupExtras = { ...(interests.length ? { interests } : {}), ...(after ? { after } : {}) };
  root.render(
    <WidgetKernelContext.Provider value={kernel}>
      <I18nextProvider i18n={kernel.i18n}>
        <SignupWidget host={host} modal={modal} tracking={tracking} extras={extras} onComplete={onComplete} onClose={close} />
      </I18nextProvider>
    </WidgetKernelContext.Provider>,
  );
}
