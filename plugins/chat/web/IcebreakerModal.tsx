import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../kernel/web/ui/Modal.tsx';
import { colors } from '../../../kernel/web/theme.ts';
import type { ModalProps } from '../../../kernel/web/plugin.ts';

export const ICEBREAKERS = ['compliment', 'weekend', 'travel', 'food', 'music', 'laugh'] as const;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
  button { width: 100%; text-align: left; padding: 10px 14px; border: 1px solid #ead9ee; border-radius: 12px; background: ${colors.light}; font: inherit; cursor: pointer; }
  button:hover, button:focus-visible { border-color: ${colors.secondary}; }
`;

/** Suggested first messages; the chosen one goes into the message field to edit and send. */
export default function IcebreakerModal({ close, props: { name, onPick } }: { close(): void; props: ModalProps['chat-icebreaker'] }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('chat:icebreaker.title')} onClose={close}>
      <p>{t('chat:icebreaker.intro', { name })}</p>
      <List>
        {ICEBREAKERS.map((k) => {
          const text = t(`chat:icebreaker.lines.${k}`, { name });
          return <li key={k}><button type="button" onClick={() => { onPick(text); close(); }}>{text}</button></li>;
        })}
      </List>
    </Modal>
  );
}
