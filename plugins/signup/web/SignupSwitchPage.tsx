import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { Card } from '../../../kernel/web/ui/Card.tsx';
import { FormError } from '../../../kernel/web/ui/Field.tsx';
import { Spinner } from '../../../kernel/web/ui/Spinner.tsx';
import { errorCode, errorText } from '../../../kernel/web/errors.ts';
import type { PageProps } from '../../../kernel/web/plugin.ts';
import { AFTER_SWITCH, signupSwitch, signupSwitchInfo, type HandoffSwitch } from '../contract.ts';
import { routeRef } from '../../../kernel/contract/routes.ts';

const membersRoute = routeRef('members');

/**
 * A hand-off link from the signup widget opened in a browser logged in as another member: the site
 * never switches accounts silently, it asks.
 */
export default function SignupSwitchPage({ query }: PageProps) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const token = query.token ?? '';
  const [who, setWho] = useState<HandoffSwitch | null>(null);
  const [dead, setDead] = useState(!token);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!token) return;
    kernel.api.call(signupSwitchInfo, { query: { token } }, { retries: 1 })
      .then(setWho, (err) => (errorCode(err) === 'link_invalid' ? setDead(true) : setError(errorText(t, err, 'signup'))));
  }, [kernel, token, t]);
  useEffect(() => { if (who || dead) heading.current?.focus(); }, [who, dead]);

  const stay = () => kernel.router.go(kernel.router.resolve(membersRoute) ?? '/');
  const change = async () => {
    setBusy(true);
    setError(null);
    try {
      await kernel.api.call(signupSwitch, { body: { token } }, { retries: 0 });
      // Another member's app from here on: load it afresh.
      location.assign(AFTER_SWITCH);
    } catch (err) {
      if (errorCode(err) === 'link_invalid') setDead(true);
      else setError(errorText(t, err, 'signup'));
      setBusy(false);
    }
  };

  return (
    <div className="container">
      <Card>
        <h1 ref={heading} tabIndex={-1}>{t('signup:switch.title')}</h1>
        {dead && <FormError message={t('signup:switch.dead')} />}
        {!dead && !who && !error && <Spinner />}
        {!dead && who && (
          <>
            <p>{t('signup:switch.lead', { current: who.current, name: who.name })}</p>
            <p>{t('signup:switch.why')}</p>
            <FormError message={error} />
            <Button type="button" data-block="true" disabled={busy} onClick={change}>{t('signup:switch.change', { name: who.name })}</Button>
            <Button type="button" data-block="true" data-variant="outline" onClick={stay}>{t('signup:switch.stay', { current: who.current })}</Button>
          </>
        )}
        {!dead && !who && error && <FormError message={error} />}
      </Card>
    </div>
  );
}
