import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { colors } from '../theme.ts';

const Ring = styled.div`
  width: 36px;
  height: 36px;
  margin: 40px auto;
  border: 4px solid ${colors.border};
  border-top-color: ${colors.primary};
  border-radius: 50%;
  animation: spin 0.8s linear infinite;
  @keyframes spin { to { transform: rotate(360deg); } }
`;

export function Spinner() {
  const { t } = useTranslation();
  return <Ring role="status" aria-label={t('kernel:loading')} />;
}
