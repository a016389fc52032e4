import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import { colors } from '../../../kernel/web/theme.ts';

/**
 * The fictional-profile disclosure (issue 22, part 6). A profile marked `fictional` is run by the
 * site's operators; wherever a member sees it (search cards, the profile, the conversation header)
 * it carries the domain's `fictional_icon` and wording, shown before any credit is spent, in every
 * language. It is always shown: nothing on a page ever presents a fictional profile as a real member.
 *
 * The domain's wording (`fictional_singular` / `fictional_plural`) is written in the domain's
 * language; a member reading in another language gets the plugin's translation of the same words.
 */
export function fictionalWording(settings: Pick<SiteSettings, 'fictional_icon' | 'fictional_singular' | 'fictional_plural' | 'domain_language'>, t: TFunction, language: string) {
  const base = (l: string | undefined) => (l ?? '').toLowerCase().split('-')[0];
  const own = base(language) === base(settings.domain_language);
  const pick = (value: string | undefined, key: string) => (own && value?.trim() ? value.trim() : t(key));
  return {
    icon: settings.fictional_icon?.trim() || '\u24D8',
    singular: pick(settings.fictional_singular, 'members:fictional.singular'),
    plural: pick(settings.fictional_plural, 'members:fictional.plural'),
  };
}

/** The wording for this page's domain and language. */
export function useFictionalWording() {
  const { settings } = useKernel();
  const { t, i18n } = useTranslation();
  return fictionalWording(settings, t, i18n.language);
}

const Badge = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 1px 8px;
  border-radius: 10px;
  font-size: 12px;
  font-weight: 700;
  line-height: 18px;
  color: #fff;
  background: ${colors.dark};
  white-space: nowrap;
`;

/** The mark beside a fictional profile's name: the domain's icon and its word for one. */
export function FictionalBadge() {
  const w = useFictionalWording();
  return <Badge data-fictional="true"><span aria-hidden="true">{w.icon}</span> {w.singular}</Badge>;
}

const NoticeBox = styled.p`
  margin: 8px 0;
  padding: 8px 12px;
  border-radius: 8px;
  border: 1px solid ${colors.border};
  background: ${colors.light};
  color: ${colors.text};
  font-size: 14px;
`;

/**
 * The plain-words disclosure on the profile page and in the conversation: who runs this profile.
 * The domain's `fictional_warning` switches this sentence off; the badge beside the name stays.
 */
export function FictionalNotice({ name }: { name: string }) {
  const { t } = useTranslation();
  const w = useFictionalWording();
  const { settings } = useKernel();
  if (settings.fictional_warning === false) return null;
  return (
    <NoticeBox role="note" data-fictional="true">
      <span aria-hidden="true">{w.icon}</span> {t('members:fictional.notice', { name, singular: w.singular })}
    </NoticeBox>
  );
}

/** Under a list of cards holding fictional profiles: what the icon means. */
export function FictionalLegend() {
  const { t } = useTranslation();
  const w = useFictionalWording();
  return <NoticeBox role="note" data-fictional="true">{t('members:fictional.legend', { icon: w.icon, plural: w.plural })}</NoticeBox>;
}
