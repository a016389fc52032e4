import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Card, Notice } from '../../../kernel/web/ui/Card.tsx';
import { FormError } from '../../../kernel/web/ui/Field.tsx';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import { Spinner } from '../../../kernel/web/ui/Spinner.tsx';
import { errorText } from '../../../kernel/web/errors.ts';
import type { PageProps } from '../../../kernel/web/plugin.ts';
import { authSlice } from '../../auth/ui.ts';
import { confirmMailChange } from '../contract.ts';

/** The link from the e-mail change mail: confirms the new address (a POST, so mail scanners cannot). */
export default function MailChangeDoPage({ query }: PageProps) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const [state, setState] = useState<{ done?: string; error?: string }>({});
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    kernel.api.call(confirmMailChange, { body: { token: query.token ?? '' } }, { retries: 1 })
      .then((r) => {
        setState({ done: r.email });
        const auth = authSlice.of(kernel);
        if (auth.loggedIn) auth.fetchUser().catch(() => {});
      }, (err) => setState({ error: errorText(t, err, 'account') }));
  }, [kernel, query.token, t]);
  return (
    <div className="container">
      <Card>
        <h1>{t('account:mailChangeDo.title')}</h1>
        {!state.done && !state.error && <><Spinner /> <p>{t('account:mailChangeDo.working')}</p></>}
        {state.done && <Notice role="status">{t('account:mailChangeDo.done', { email: state.done })}</Notice>}
        <FormError message={state.error} />
        {(state.done || state.error) && authSlice.of(kernel).loggedIn && <Link to="settings">{t('account:mailChangeDo.toSettings')}</Link>}
      </Card>
    </div>
  );
}
