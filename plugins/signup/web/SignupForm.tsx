import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../../kernel/web/context.ts';
import { Link } from '../../../kernel/web/ui/Link.tsx';
import type { User } from '../../auth/contract.ts';
import { Completion } from './Completion.tsx';
import { SignupSteps } from './SignupSteps.tsx';
import { signupSlice } from './store.ts';
import { authSlice } from '../../auth/ui.ts';
import { routeRef } from '../../../kernel/contract/routes.ts';

const loginRoute = routeRef('login');
const termsRoute = routeRef('pages-terms');
const privacyRoute = routeRef('pages-privacy');

/**
 * The signup steps 0..4 and the completion step in the app (the /signup page and the signup dialog):
 * the plain SignupSteps on the signup store, with the app's links.
 */
export const SignupForm = observer(function SignupForm({ onDone }: { onDone(): void }) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const store = signupSlice.of(kernel);
  const auth = authSlice.of(kernel);
  if (store.done) return <Completion onDone={onDone} />;
  const { router } = kernel;
  return (
    <SignupSteps<User>
      state={{ draft: store.draft, step: store.step, password: store.password, regions: store.regions }}
      actions={store}
      onSubmitted={(user) => auth.setUser(user)}
      loginLink={router.resolve(loginRoute) ? (label) => <Link to={loginRoute} onClick={() => kernel.appState.closeModal('signup')}>{label}</Link> : undefined}
      legalLinks={router.resolve(termsRoute) && <><Link to={termsRoute} target="_blank">{t('signup:message.termsLink')}</Link> · <Link to={privacyRoute} target="_blank">{t('signup:message.privacyLink')}</Link></>}
    />
  );
});
