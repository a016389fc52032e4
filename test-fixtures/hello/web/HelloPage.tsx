import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Button } from '../../../kernel/web/ui/Button.tsx';
import { getGreeting, greet, type Greeting } from '../contract.ts';

/** The site's greeting; a member may greet back (counted on this site). */
export default function HelloPage() {
  const kernel = useKernel();
  const { t } = useTranslation();
  const [greeting, setGreeting] = useState<Greeting | null>(null);
  useEffect(() => { kernel.api.call(getGreeting).then(setGreeting, () => setGreeting(null)); }, [kernel]);
  return (
    <div className="container">
      <h1>{greeting?.greeting ?? t('hello:title')}</h1>
      {greeting && <p>{t('hello:count', { count: greeting.count })}</p>}
      {kernel.appState.loggedIn && <Button onClick={() => kernel.api.call(greet, { body: {} }).then(setGreeting)}>{t('hello:greetBack')}</Button>}
    </div>
  );
}
