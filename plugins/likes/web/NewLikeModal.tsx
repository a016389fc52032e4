import { useTranslation } from 'react-i18next';
import { styled } from '@linaria/react';
import { useKernel } from '../../../kernel/web/context.ts';
import { Modal } from '../../../kernel/web/ui/Modal.tsx';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import type { ModalProps } from '../../../kernel/web/plugin.ts';
import './events.ts';

const Body = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 18px;
  text-align: center;
  .photo { padding: 0; border: 4px solid #fff; border-radius: 50%; overflow: hidden; cursor: pointer; background: none; box-shadow: 0 6px 30px rgba(0, 0, 0, 0.35); }
  .photo img { display: block; width: min(62vw, 300px); height: min(62vw, 300px); object-fit: cover; }
  .who { font-size: 22px; font-weight: 700; margin: 0; }
`;

/**
 * Spec's new-like modal: full screen, "New like!", the liker's main photo, one action button.
 * The backdrop closes it; photo and button emit their events with the profile id.
 */
export default function NewLikeModal({ close, props: { profile, startChat = false } }: { close(): void; props: ModalProps['new-like'] }) {
  const { bus } = useKernel();
  const { t } = useTranslation();
  return (
    <Modal title={t('likes:modal.title')} size="full" onClose={close}>
      <Body>
        <button type="button" className="photo" onClick={() => bus.emit('likes:image-pressed', { id: profile.id })}
          aria-label={t('likes:modal.photo', { name: profile.name })}>
          {profile.main_image ? <img src={profile.main_image.match} alt="" width={300} height={300} /> : <span style={{ fontSize: 80 }}>{profile.name.slice(0, 1)}</span>}
        </button>
        <p className="who">{t('likes:modal.who', { name: profile.name, age: profile.age })}</p>
        <Button autoFocus onClick={() => bus.emit('likes:button-pressed', { id: profile.id })}>
          {startChat ? t('likes:modal.chat', { name: profile.name }) : t('likes:modal.view', { name: profile.name })}
        </Button>
      </Body>
    </Modal>
  );
}
