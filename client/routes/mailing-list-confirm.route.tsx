import { useState, type FormEvent } from 'react';
import { data, useActionData, useParams, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/api-client';
import { SUBSCRIPTION_API, confirmSubscriptionPath } from '../../shared/api/subscription-paths';
import { CacheNone } from '../../shared/http/cache-policy';
import { browserApi } from '../api/browser-api';
import { apiContext, useSiteConfig } from '../app/contexts';
import { useT } from '../app/i18n';
import { withPrefix } from '../app/return-url';

import { FormError } from '../components/ui/FormField';
import { useAccountSubmit } from '../components/account/use-account-submit';
import { useHydrated } from '../components/account/use-hydrated';
import { PageMeta } from '../components/meta/PageMeta';
import { RouteErrorView } from '../components/shell/RouteErrorView';
import { failureText } from '../app/notices';

// /mailing-list/confirm/{token}: where the mailing list's confirmation e-mail leads (double
// opt-in, shared/api/subscription-schemas.ts). Opening the page confirms nothing: mail
// scanners and link previews open links, so the owner of the address presses the button
// (a form post, which works without JavaScript too). Never cached, never indexed: the
// address holds a secret.

export function loader(_args: LoaderFunctionArgs) {
  return data(null, { headers: { 'Cache-Control': CacheNone.header } });
}

type ActionData = { confirmed: boolean; message: string };

export async function action({ context, params }: ActionFunctionArgs) {
  try {
    const { message } = await context.get(apiContext).send('PUT', SUBSCRIPTION_API.confirm, { token: params.token ?? '' }, 'SubscriptionResponse');
    return data<ActionData>({ confirmed: true, message });
  } catch (error) {
    return data<ActionData>({ confirmed: false, message: failureText(error) }, { status: error instanceof ApiError ? error.status : 500 });
  }
}

export function Component() {
  const { token = '' } = useParams();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const [confirmed, setConfirmed] = useState(actionData?.confirmed ? actionData.message : undefined);
  const { formError, sending, run, notify } = useAccountSubmit(actionData && !actionData.confirmed ? actionData.message : undefined);
  const hydrated = useHydrated();
  const { basename } = useSiteConfig();
  const t = useT();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await run(async () => {
      const { message } = await browserApi().send('PUT', SUBSCRIPTION_API.confirm, { token }, 'SubscriptionResponse');
      notify('success', message);
      setConfirmed(message);
    });
  };

  return (
    <section className="auth-page">
      <PageMeta title={t('account.mailingList.title')} description={t('account.mailingList.description')} noindex />
      {confirmed ? (
        <>
          <h1>{t('account.mailingList.confirmed')}</h1>
          <p role="status">{confirmed}</p>
        </>
      ) : (
        <>
          <h1>{t('account.mailingList.title')}</h1>
          <p>{t('account.mailingList.intro')}</p>
          <form method="post" action={withPrefix(basename, confirmSubscriptionPath(encodeURIComponent(token)))} onSubmit={submit}>
            <FormError message={formError} />
            <button type="submit" className="button button-primary" disabled={hydrated && sending}>
              {t('account.mailingList.submit')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}

export { RouteErrorView as ErrorBoundary };
