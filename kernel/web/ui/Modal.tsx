import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { modalWidths } from '../theme.ts';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1050;
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: 28px 10px;
  overflow-y: auto;
  background: rgba(30, 10, 32, 0.6);
  &[data-size='full'] { padding: 0; }
`;

const Dialog = styled.div`
  position: relative;
  width: 100%;
  max-width: ${modalWidths.md}px;
  background: #fff;
  border-radius: 12px;
  padding: 24px 20px 20px;
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.3);
  &[data-size='sm'] { max-width: ${modalWidths.sm}px; }
  &[data-size='lg'] { max-width: ${modalWidths.lg}px; }
  &[data-size='xl'] { max-width: ${modalWidths.xl}px; }
  &[data-size='full'] {
    max-width: none; min-height: 100%; border-radius: 0; padding: 56px 16px 32px; box-shadow: none;
    display: flex; flex-direction: column; align-items: center; justify-content: center;
    background: linear-gradient(160deg, #733675, #c235c1); color: #fff;
    h2 { color: #fff; font-size: 34px; text-align: center; }
  }
  &[data-size='full'] > button:first-child { color: #fff; }
`;

const Close = styled.button`
  position: absolute;
  top: 8px;
  right: 10px;
  border: 0;
  background: none;
  font-size: 26px;
  line-height: 1;
  cursor: pointer;
  color: #555;
`;

export interface ModalProps {
  title: string;
  /** 'full' covers the screen; a tap on it outside the content closes it like a backdrop. */
  size?: 'sm' | 'md' | 'lg' | 'xl' | 'full';
  onClose(): void;
  /** While locked, neither the backdrop nor Escape closes the dialog. */
  locked?: boolean;
  /** Show the close button (default: when not locked). A locked dialog may still offer a deliberate way out. */
  closable?: boolean;
  hideTitle?: boolean;
  children: ReactNode;
}

/** An accessible dialog: traps focus while open and gives it back to where it came from. */
export function Modal({ title, size = 'md', onClose, locked = false, closable = !locked, hideTitle = false, children }: ModalProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const lockedRef = useRef(locked);
  lockedRef.current = locked;
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const dialog = ref.current!;
    (dialog.querySelector<HTMLElement>('[autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog).focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !lockedRef.current) {
        e.stopPropagation();
        closeRef.current();
      }
      if (e.key !== 'Tab') return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (!items.length) return e.preventDefault();
      const first = items[0], last = items[items.length - 1];
      if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
      else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
    };
    document.addEventListener('keydown', onKey, true);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, []);

  return createPortal(
    <Backdrop data-size={size} onMouseDown={(e) => { if (e.target === e.currentTarget && !lockedRef.current) onClose(); }}>
      <Dialog ref={ref} role="dialog" aria-modal="true" aria-labelledby={titleId} data-size={size} tabIndex={-1}
        onMouseDown={(e) => { if (size === 'full' && e.target === e.currentTarget && !lockedRef.current) onClose(); }}>
        {closable && <Close type="button" aria-label={t('kernel:close')} onClick={onClose}>×</Close>}
        <h2 id={titleId} className={hideTitle ? 'visually-hidden' : undefined}>{title}</h2>
        {children}
      </Dialog>
    </Backdrop>,
    document.body,
  );
}
