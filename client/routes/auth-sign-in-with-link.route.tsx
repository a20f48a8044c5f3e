import type { FormEvent } from 'react';
import { data, redirect, useActionData, useNavigate, useParams, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import * as ACCOUNT_API from '../../shared/api/account-paths';
import { ApiError } from '../../shared/api/api-client';
import { CacheNone } from '../../shared/http/cache-policy';
import { requireGuest } from '../app/guards';
import { withPrefix } from '../app/return-url';
import { sessionContext } from '../app/session-context';
import { useSession } from '../app/session';
import { useSiteConfig } from '../app/contexts';
import { useT } from '../app/i18n';

import { FormError } from '../components/ui/FormField';
import { useHydrated } from '../components/account/use-hydrated';
import { PageMeta } from '../components/meta/PageMeta';
import { RouteErrorView } from '../components/shell/RouteErrorView';
import { ShellLink } from '../components/ui/ShellLink';
import { useAccountSubmit } from '../components/account/use-account-submit';
import { failureText } from '../app/notices';

// /sign-in-link/tkn/{tkn}/key/{key}: the e-mailed sign-in link's page. Opening it signs no
// one in (mail scanners and link previews open links too, and the link works once): the
// Sign In button does, through the web's session route like any sign-in, so the token cookie
// is written the same way. Then home. Never cached, never indexed: the address is a secret.

export function loader({ context }: LoaderFunctionArgs) {
  requireGuest(context);
  return data(null, { headers: { 'Cache-Control': CacheNone.header } });
}

type ActionData = { formError?: string };

/** The button pressed without JavaScript: signed in on the server, the cookies on the redirect. */
export async function action({ context, params }: ActionFunctionArgs) {
  try {
    await context.get(sessionContext).signIn(ACCOUNT_API.signInLink, { tkn: params.tkn ?? '', key: params.key ?? '' });
  } catch (error) {
    return data<ActionData>({ formError: failureText(error) }, { status: error instanceof ApiError ? error.status : 500 });
  }
  return redirect('/');
}

export function Component() {
  const { tkn = '', key = '' } = useParams();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { formError, sending, run } = useAccountSubmit(actionData?.formError);
  const session = useSession();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { basename } = useSiteConfig();
  const t = useT();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await run(async () => {
      await session.signIn(ACCOUNT_API.signInLink, { tkn, key });
      await navigate('/');
    });
  };

  return (
    <section className="auth-page">
      <PageMeta title={t('account.knownUser.title')} description={t('account.linkSignIn.description')} noindex />
      <h1>{t('account.knownUser.title')}</h1>
      <p>{t('account.linkSignIn.intro')}</p>
      <form method="post" action={withPrefix(basename, `/sign-in-link/tkn/${encodeURIComponent(tkn)}/key/${encodeURIComponent(key)}`)} noValidate onSubmit={submit}>
        <FormError message={formError} />
        <button type="submit" className="button button-primary" disabled={hydrated && sending}>
          {t('account.knownUser.title')}
        </button>
      </form>
      {formError && (
        <p>
          <ShellLink to="/sign-in-link">{t('account.linkSignIn.askAgain')}</ShellLink>
        </p>
      )}
    </section>
  );
}

export { RouteErrorView as ErrorBoundary };
