import { useState } from 'react';
import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { colors } from '../../../kernel/web/theme.ts';
import { GIFTS, giftPrice } from '../contract.ts';

const Panel = styled.div`
  margin: 0 0 8px;
  padding: 10px;
  border: 1px solid #ead9ee;
  border-radius: 12px;
  background: ${colors.light};
  ul { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(92px, 1fr)); gap: 8px; }
  li button { width: 100%; padding: 8px 4px; border: 2px solid transparent; border-radius: 10px; background: #fff; cursor: pointer; font: inherit; }
  li button[aria-pressed='true'] { border-color: ${colors.secondary}; }
  .emoji { display: block; font-size: 34px; line-height: 1.2; }
  .name { display: block; font-size: 13px; font-weight: 600; }
  .price { display: block; font-size: 12px; color: #4d5359; }
  .confirm { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin: 10px 0 0; }
`;

/** The gift catalogue with pictures and prices; a gift is sent only after a second, explicit press. */
export function GiftPicker({ name, onSend, onCancel }: { name: string; onSend(gift: string): void; onCancel(): void }) {
  const { t } = useTranslation();
  const { settings } = useKernel();
  const [chosen, setChosen] = useState<string | null>(null);
  const price = (factor: number) => giftPrice(settings.gift_credits, factor);
  const gift = GIFTS.find((g) => g.id === chosen);
  return (
    <Panel role="group" aria-label={t('chat:gift.catalogue', { name })}>
      <ul>
        {GIFTS.map((g) => (
          <li key={g.id}>
            <button type="button" aria-pressed={chosen === g.id} onClick={() => setChosen(g.id)}>
              <span className="emoji" aria-hidden="true">{g.emoji}</span>
              <span className="name">{t(`chat:gifts.${g.id}`)}</span>
              <span className="price">{t('chat:gift.price', { credits: price(g.factor) })}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="confirm">
        {gift && <Button onClick={() => onSend(gift.id)}>{t('chat:gift.send', { gift: t(`chat:gifts.${gift.id}`), credits: price(gift.factor) })}</Button>}
        <Button data-variant="link" onClick={onCancel}>{t('chat:gift.cancel')}</Button>
      </div>
    </Panel>
  );
}
