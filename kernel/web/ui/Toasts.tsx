import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../context.ts';
import { colors, toastWidth } from '../theme.ts';

export const TOAST_MS = 6000;

const Stack = styled.div`
  position: fixed;
  top: 70px;
  right: 15px;
  left: 15px;
  z-index: 1100;
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 10px;
  pointer-events: none;
`;
const Toast = styled.div`
  width: 100%;
  max-width: ${toastWidth}px;
  display: flex;
  gap: 10px;
  align-items: flex-start;
  padding: 12px 14px;
  border-radius: 10px;
  border-left: 5px solid ${colors.dark};
  background: #fff;
  box-shadow: 0 6px 20px rgba(0, 0, 0, 0.18);
  pointer-events: auto;
  &[data-tone='danger'] { border-left-color: ${colors.danger}; }
  &[data-tone='success'] { border-left-color: ${colors.success}; }
  p { margin: 0; flex: 1; }
  button { border: 0; background: none; font-size: 20px; line-height: 1; cursor: pointer; color: #555; }
`;

function Item({ id, text, tone }: { id: number; text: string; tone: string }) {
  const { appState } = useKernel();
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => appState.dismissToast(id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [id, appState]);
  return (
    <Toast role={tone === 'danger' ? 'alert' : 'status'} data-tone={tone}>
      <p>{text}</p>
      <button type="button" aria-label={t('kernel:close')} onClick={() => appState.dismissToast(id)}>×</button>
    </Toast>
  );
}

/** Short notices from any plugin (`kernel.toast(text, tone)`), top right, 350 px wide. */
export const Toasts = observer(function Toasts() {
  const { appState } = useKernel();
  return <Stack>{appState.toasts.map((x) => <Item key={x.id} id={x.id} text={x.text} tone={x.tone} />)}</Stack>;
});
