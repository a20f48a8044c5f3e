import { data, useActionData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/api-client';
import { CacheNone } from '../../shared/http/cache-policy';
import { ALERT_MESSAGES } from '../../shared/validation/alert-rules';
import { say, type Wording } from '../../shared/validation/message';
import { apiContext } from '../app/contexts';
import { useT } from '../app/i18n';
import { ALERT_API } from '../components/alerts/alert-rules';
import { PageMeta } from '../components/meta/PageMeta';

// /alerts/confirm/{token}: where a guest's confirm e-mail leads (shared/api/alert-paths.ts).
// Opening the page confirms nothing: mail scanners and link previews open links, so the owner
// of the address presses the button, a plain form post to this route's action (it works
// without JavaScript, and with it the browser posts the same form). No sign-in needed. Never
// cached, never indexed: the address holds a secret.

const noStore = { 'Cache-Control': CacheNone.header };

export function loader(_args: LoaderFunctionArgs) {
  return data(null, { headers: noStore });
}

type ActionData = { confirmed: boolean; message: Wording };

export async function action({ context, params }: ActionFunctionArgs) {
  try {
    const { message } = await context.get(apiContext).send('PUT', ALERT_API.confirm, { token: params.token ?? '' }, 'AlertLinkDone');
    return data<ActionData>({ confirmed: true, message }, { headers: noStore });
  } catch (error) {
    // A tampered, unknown or used-up link is the api's 400; anything else is an outage.
    if (error instanceof ApiError && error.status < 500) return data<ActionData>({ confirmed: false, message: error.status === 400 ? error.message : ALERT_MESSAGES.linkInvalid }, { status: error.status, headers: noStore });
    throw error;
  }
}

export function Component() {
  const answer = useActionData<typeof action>() as ActionData | undefined;
  const t = useT();
  return (
    <section className="auth-page alert-link-page">
      <PageMeta title={t('alerts.confirm.title')} description={t('alerts.confirm.description')} noindex />
      {answer?.confirmed ? (
        <>
          <h1>{t('alerts.confirm.done')}</h1>
          <p role="status">{say(t, answer.message)}</p>
        </>
      ) : (
        <>
          <h1>{t('alerts.confirm.title')}</h1>
          <p>{t('alerts.confirm.body')}</p>
          <form method="post">
            {answer && (
              <p className="form-error" role="alert">
                {say(t, answer.message)}
              </p>
            )}
            <button type="submit" className="button button-primary">
              {t('alerts.confirm.button')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}

