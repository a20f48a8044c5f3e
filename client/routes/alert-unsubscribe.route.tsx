import { data, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { stopsEveryAlert } from '../../shared/api/alert-paths';
import { ApiError } from '../../shared/api/api-client';
import { CacheNone } from '../../shared/http/cache-policy';
import { ALERT_MESSAGES } from '../../shared/validation/alert-rules';
import { say, type Wording } from '../../shared/validation/message';
import { apiContext } from '../app/contexts';
import { useT } from '../app/i18n';
import { ALERT_API } from '../components/alerts/alert-rules';
import { PageMeta } from '../components/meta/PageMeta';

// /alerts/unsubscribe/{token}: every alert e-mail's way out (shared/api/alert-paths.ts), no
// sign-in needed: the signed token is the authority.
//  - GET (the visible link) shows a button that stops what the token names, its one alert or
//    every alert at this address (an item's link, the footer's: a token does one thing), as a
//    form post: opening the page stops nothing (mail scanners open links).
//  - POST `List-Unsubscribe=One-Click` (RFC 8058: what a mail client sends for the message's
//    List-Unsubscribe-Post header, without cookies or our XSRF token) stops what the token
//    names at once and answers 200 with this short page. The web lets exactly this path's POSTs past
//    the XSRF check (server/web/http/xsrf.ts, `isOneClickUnsubscribe`).
// Never cached, never indexed: the address holds a secret.

const noStore = { 'Cache-Control': CacheNone.header };

export function loader({ params }: LoaderFunctionArgs) {
  return data({ every: stopsEveryAlert(params.token ?? '') }, { headers: noStore });
}

type ActionData = { done: boolean; message: Wording };

export async function action({ context, params }: ActionFunctionArgs) {
  // The page's button and the one-click body alike stop what the token names, nothing more.
  try {
    const { message } = await context.get(apiContext).send('POST', ALERT_API.unsubscribe, { token: params.token ?? '' }, 'AlertLinkDone');
    return data<ActionData>({ done: true, message }, { headers: noStore });
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return data<ActionData>({ done: false, message: error.status === 400 ? error.message : ALERT_MESSAGES.linkInvalid }, { status: error.status, headers: noStore });
    throw error;
  }
}

export function Component() {
  const answer = useActionData<typeof action>() as ActionData | undefined;
  const { every } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="auth-page alert-link-page">
      <PageMeta title={t('alerts.unsubscribe.title')} description={t('alerts.unsubscribe.description')} noindex />
      {answer?.done ? (
        <>
          <h1>{t('alerts.unsubscribe.done')}</h1>
          <p role="status">{say(t, answer.message)}</p>
        </>
      ) : (
        <>
          <h1>{t('alerts.unsubscribe.title')}</h1>
          {answer && (
            <p className="form-error" role="alert">
              {say(t, answer.message)}
            </p>
          )}
          <form method="post" className="alert-unsubscribe-choice">
            <button type="submit" className="button button-primary">
              {t(every ? 'alerts.unsubscribe.all' : 'alerts.unsubscribe.one')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}

