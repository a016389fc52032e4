import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Modal } from '../../../kernel/web/ui/Modal.tsx';
import { Button, buttonClass } from '../../../kernel/web/ui/Button.tsx';
import type { ModalProps } from '../../../kernel/web/plugin.ts';
import { SKIP_KEY } from '../rules.ts';

/** The adult-content warning; the visitor either confirms being 18+ or leaves. */
export default function SiteEntryModal({ close }: { close(): void; props: ModalProps['site-entry'] }) {
  const { t } = useTranslation();
  const { settings } = useKernel();
  const enter = () => {
    try {
      localStorage.setItem(SKIP_KEY, String(Date.now()));
    } catch { /* private mode: the warning returns next visit */ }
    close();
  };
  return (
    <Modal title={t('site-entry:title')} locked onClose={close}>
      <p>{t('site-entry:text', { name: settings.name })}</p>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginTop: 20 }}>
        <Button onClick={enter} autoFocus>{t('site-entry:enter')}</Button>
        <a className={buttonClass} data-variant="outline" href="https://www.google.com/" rel="noreferrer">{t('site-entry:leave')}</a>
      </div>
    </Modal>
  );
}
