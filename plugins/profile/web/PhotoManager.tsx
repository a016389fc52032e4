import { useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Button, buttonClass } from '../../../kernel/web/ui/Button.tsx';
import { FormError } from '../../../kernel/web/ui/Field.tsx';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { errorCode, errorText } from '../../../kernel/web/errors.ts';
import { colors, up } from '../../../kernel/web/theme.ts';
import { PHOTO_LIMITS } from '../../members/contract.ts';
import { profileSlice } from './store.ts';
import { authSlice } from '../../auth/ui.ts';
import { routeRef } from '../../../kernel/contract/routes.ts';

/** Where a member gets more photos: premium, else buying credits (whichever is on here). */
const UPGRADE_ROUTES = [routeRef('premium'), routeRef('credits')];

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: 12px;
  list-style: none;
  padding: 0;
  margin: 0 0 14px;
  ${up('md')} { grid-template-columns: repeat(4, 1fr); }
  li { background: ${colors.light}; border-radius: 10px; overflow: hidden; display: flex; flex-direction: column; }
  img { display: block; width: 100%; aspect-ratio: 4 / 5; object-fit: cover; }
  .tools { display: flex; flex-wrap: wrap; gap: 6px; padding: 8px; align-items: center; }
  .main { font-weight: 700; color: ${colors.successText}; font-size: 14px; }
  .tools button { padding: 4px 10px; font-size: 14px; }
`;
const Upload = styled.label`
  input { position: absolute; width: 1px; height: 1px; opacity: 0; }
  &:focus-within { outline: 3px solid ${colors.secondary}; outline-offset: 2px; border-radius: 8px; }
`;

/** The member's photos: add (JPEG, PNG, WebP), choose the main one, delete. */
export const PhotoManager = observer(function PhotoManager() {
  const kernel = useKernel();
  const { t } = useTranslation();
  const store = profileSlice.of(kernel);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<unknown>(null);
  const own = store.own!;
  const full = own.images.length >= own.photo_limit;
  const upgrade = UPGRADE_ROUTES.find((r) => kernel.router.resolve(r) != null);

  const run = async (work: () => Promise<unknown>, done?: string) => {
    setError(null);
    try {
      await work();
      if (done) kernel.appState.toast(t(done), 'success');
      void authSlice.of(kernel).fetchUser().catch(() => {});
    } catch (err) {
      setError(err);
    }
  };
  const onFiles = async (files: FileList | null) => {
    for (const file of [...(files ?? [])]) {
      if (!(PHOTO_LIMITS.types as readonly string[]).includes(file.type)) { setError(new Error('type')); return; }
      if (file.size > PHOTO_LIMITS.maxBytes) { setError(new Error('size')); return; }
      await run(() => store.upload(file), 'profile:photos.uploaded');
    }
    if (input.current) input.current.value = '';
  };
  const message = error instanceof Error && (error.message === 'type' || error.message === 'size')
    ? t(error.message === 'type' ? 'profile:errors.photo_type_invalid' : 'profile:errors.photo_too_large', { max: PHOTO_LIMITS.maxBytes / 1024 / 1024 })
    : error ? errorText(t, error, 'profile') : null;

  return (
    <section aria-labelledby="profile-photos">
      <h2 id="profile-photos">{t('profile:photos.title')}</h2>
      <p>{t('profile:photos.count', { count: own.images.length, limit: own.photo_limit })} {t('profile:photos.hint')}</p>
      <FormError message={message} />
      {errorCode(error) === 'free_photo_limit' && upgrade && <p><Link to={upgrade}>{t('profile:photos.premium', { limit: PHOTO_LIMITS.premium })}</Link></p>}
      {own.images.length > 0 && (
        <Grid aria-label={t('profile:photos.list')}>
          {own.images.map((img, i) => (
            <li key={img.id}>
              <img src={img.thumb_filename} alt={t('profile:photos.photo', { n: i + 1 })} width={160} height={200} />
              <div className="tools">
                {img.is_main
                  ? <span className="main">{t('profile:photos.main')}</span>
                  : <Button data-variant="outline" onClick={() => run(() => store.setMain(img.id), 'profile:photos.mainSet')} aria-label={t('profile:photos.makeMainN', { n: i + 1 })}>{t('profile:photos.makeMain')}</Button>}
                <Button data-variant="outline" aria-label={t('profile:photos.deleteN', { n: i + 1 })}
                  onClick={() => { if (window.confirm(t('profile:photos.confirmDelete'))) void run(() => store.remove(img.id), 'profile:photos.deleted'); }}>
                  {t('profile:photos.delete')}
                </Button>
              </div>
            </li>
          ))}
        </Grid>
      )}
      <Upload className={buttonClass} data-variant={full ? 'outline' : undefined} aria-disabled={full || store.uploading > 0}>
        <input ref={input} type="file" accept={PHOTO_LIMITS.types.join(',')} multiple disabled={store.uploading > 0}
          onChange={(e) => void onFiles(e.target.files)} />
        {store.uploading > 0 ? t('profile:photos.uploading') : t('profile:photos.add')}
      </Upload>
    </section>
  );
});
