import { styled } from '@linaria/react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from './ui/ErrorBoundary.tsx';
import { colors } from './theme.ts';

const Box = styled.section`
  max-width: 560px;
  margin: 60px auto;
  padding: 32px 20px;
  text-align: center;
  background: #fff;
  border-radius: 12px;
  h1 { color: ${colors.dark}; font-size: 28px; }
`;

export interface ErrorPageProps { status?: number; message?: string }

function ErrorContent({ status, message }: ErrorPageProps) {
  const { t } = useTranslation();
  const notFound = status === 404;
  return (
    <Box>
      <h1>{notFound ? t('kernel:errorPage.notFound') : message || t('kernel:errorPage.error')}</h1>
      {status && !notFound ? <p>{t('kernel:errorPage.status', { status })}</p> : null}
      {notFound && <a href="/">{t('kernel:errorPage.backHome')}</a>}
    </Box>
  );
}

function FailedErrorPage() {
  const { t } = useTranslation();
  return (
    <Box>
      <h1>{t('kernel:errorPage.failed', 'An error occurred while showing the error page')}</h1>
      <a href="/">{t('kernel:errorPage.backHome', 'Back to the home page')}</a>
    </Box>
  );
}

/** The error page; if it fails itself, a plainer fallback. */
export function ErrorPage(props: ErrorPageProps) {
  return (
    <ErrorBoundary fallback={() => <FailedErrorPage />}>
      <ErrorContent {...props} />
    </ErrorBoundary>
  );
}
