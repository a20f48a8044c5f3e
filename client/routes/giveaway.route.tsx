import { useState, type FormEvent, type MouseEvent } from 'react';
import { data, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/api-client';
import type { GiveawayEntries, GiveawayStatus } from '../../shared/api/giveaway-schemas';
import { COOKIE, DAY_MS } from '../../shared/constants';
import { COUNTRIES } from '../../shared/countries';
import type { Translate } from '../../shared/i18n/translator';
import { GIVEAWAY_API } from '../../shared/api/giveaway-paths';
import { GIVEAWAY_COOKIE_MAX_DAYS } from '../../shared/giveaway';
import { CacheNone } from '../../shared/http/cache-policy';
import { browserApi } from '../api/browser-api';
import { apiContext, useSiteConfig } from '../app/contexts';
import { cookieValue, readCookie, writeCookie } from '../app/cookies';
import { T, useLocale, useT } from '../app/i18n';
import { rethrowAsRouteError } from '../app/route-error';
import { useSession } from '../app/session';
import { sessionContext } from '../app/session-context';
import { PageMeta } from '../components/meta/PageMeta';
import { RouteErrorView } from '../components/shell/RouteErrorView';
import { ShellLink } from '../components/ui/ShellLink';
import { GIVEAWAY_CONTENT, GiveawayPrize, GiveawayRules } from '../content/giveaway';

// /giveaway (spec section 2 route table): the current giveaway's prize, closing time and
// rules; a signed-in shopper's entry form (one entry each), a guest's sign-in, and once the
// api's clock passes the closing time, "closed". The api is the truth for whether the shopper
// entered (a personal call, only when signed in); the giveaway cookie, written when they
// enter, stands in for it when that call fails, so an entered shopper is not asked again.
// An admin also sees the entries.

const noStore = { 'Cache-Control': CacheNone.header };

/** The giveaway cookie's value on this request (server: its Cookie header; browser: document.cookie). */
function giveawayCookie(request: Request): string | undefined {
  return typeof document !== 'undefined' ? readCookie(COOKIE.giveaway) : cookieValue(request.headers.get('cookie') ?? '', COOKIE.giveaway);
}

/** Until the giveaway closes, and at most GIVEAWAY_COOKIE_MAX_DAYS (what the help page says). */
function cookieDays(status: GiveawayStatus): number {
  return Math.max(0, Math.min(GIVEAWAY_COOKIE_MAX_DAYS, (Date.parse(status.closesAt) - Date.now()) / DAY_MS));
}

export async function loader({ context, request }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const session = context.get(sessionContext);
  let status: GiveawayStatus;
  try {
    status = await api.get(GIVEAWAY_API.status, 'GiveawayStatus');
  } catch (error) {
    rethrowAsRouteError(error);
  }
  if (!session.signedIn()) return { status, entered: null, entries: null };
  const [entry, entries] = await Promise.all([
    api.get(GIVEAWAY_API.entry, 'GiveawayEntry').catch(() => null),
    // The admin's list: the profile-type cookie says whether it is worth asking; the api decides.
    session.isAdmin() ? api.get(GIVEAWAY_API.entries, 'GiveawayEntries').catch(() => null) : null,
  ]);
  const entered = entry ? entry.entered : giveawayCookie(request) === status.giveaway;
  return { status, entered, entries };
}

type ActionData = { message: string };

/**
 * Entering without JavaScript: the form posts here. Entered (now or before: the outcome is the
 * same), it goes back to the page with the giveaway cookie; a refusal (closed) is said on the page.
 */
export async function action({ context, request }: ActionFunctionArgs) {
  const api = context.get(apiContext);
  const status = await api.get(GIVEAWAY_API.status, 'GiveawayStatus');
  try {
    await api.send('POST', GIVEAWAY_API.entry, {}, 'GiveawayEntry');
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    if (error.status !== 409) return data<ActionData>({ message: error.message }, { status: error.status, headers: noStore });
  }
  const url = new URL(request.url);
  const maxAge = Math.round((cookieDays(status) * DAY_MS) / 1000);
  const secure = url.protocol === 'https:' ? '; Secure' : '';
  return redirect(`${url.pathname}${url.search}`, {
    status: 303,
    headers: { 'Set-Cookie': `${COOKIE.giveaway}=${encodeURIComponent(status.giveaway)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}` },
  });
}

function EntryForm({ status, refused, onEntered, t }: { status: GiveawayStatus; refused: string | undefined; onEntered(message: string): void; t: Translate }) {
  const [problem, setProblem] = useState(refused ?? '');
  const [sending, setSending] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    browserApi()
      .send('POST', GIVEAWAY_API.entry, {}, 'GiveawayEntry')
      .then(
        () => t('giveaway.message.entered'),
        (error: unknown) => {
          // Already entered (another tab, another device): the same outcome, said kindly.
          if (error instanceof ApiError && error.status === 409) return t('giveaway.message.alreadyEntered');
          throw error;
        },
      )
      .then(
        (message) => {
          writeCookie(COOKIE.giveaway, status.giveaway, cookieDays(status));
          onEntered(message);
        },
        (error: unknown) => {
          setSending(false);
          setProblem(error instanceof ApiError ? error.message : t('common.error.server'));
        },
      );
  };
  return (
    <form method="post" className="giveaway-form" onSubmit={submit}>
      <button type="submit" className="button" disabled={sending}>
        {t('giveaway.enter')}
      </button>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

function EntriesTable({ entries }: { entries: GiveawayEntries }) {
  const { country } = useSiteConfig();
  const t = useT();
  const when = new Intl.DateTimeFormat(useLocale(), { dateStyle: 'medium', timeStyle: 'short', timeZone: COUNTRIES[country].timeZone });
  return (
    <section className="giveaway-entries" aria-labelledby="giveaway-entries-title">
      <h2 id="giveaway-entries-title">{t('giveaway.entries.title', { total: entries.total })}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('giveaway.entries.userName')}</th>
            <th scope="col">{t('giveaway.entries.name')}</th>
            <th scope="col">{t('giveaway.entries.email')}</th>
            <th scope="col">{t('giveaway.entries.entered')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.entries.map((entry) => (
            <tr key={entry.userName}>
              <td>{entry.userName}</td>
              <td>{entry.name}</td>
              <td>{entry.email ?? ''}</td>
              <td>{when.format(new Date(entry.enteredAt))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function Component() {
  const { status, entered, entries } = useLoaderData<typeof loader>();
  const answered = useActionData() as ActionData | undefined;
  const session = useSession();
  const { country } = useSiteConfig();
  const [notice, setNotice] = useState<string | null>(null);
  const t = useT();
  // The closing time in the page's language and the country's time zone.
  const closes = new Intl.DateTimeFormat(useLocale(), { dateStyle: 'long', timeStyle: 'short', timeZone: COUNTRIES[country].timeZone }).format(
    new Date(status.closesAt),
  );
  const signIn = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    session.openSignIn('Login');
  };

  let action;
  if (!status.open) action = <p className="giveaway-closed">{t('giveaway.message.closed')}</p>;
  else if (entered === null)
    action = (
      <p>
        <ShellLink to={`/authentication?userType=Login&returnurl=${encodeURIComponent('/giveaway')}`} onClick={signIn}>
          {t('giveaway.signIn')}
        </ShellLink>
      </p>
    );
  // Entered: the api said so on loading, or this page's entry with JavaScript went in.
  else if (entered || notice)
    action = (
      <p className="giveaway-entered" role="status" data-testid="giveaway-entered">
        {notice ?? t('giveaway.message.entered')}
      </p>
    );
  else action = <EntryForm status={status} refused={answered?.message} onEntered={setNotice} t={t} />;

  return (
    <article className="giveaway-page">
      <PageMeta title={t(GIVEAWAY_CONTENT.title)} description={t(GIVEAWAY_CONTENT.description)} path="/giveaway" />
      <h1>{t(GIVEAWAY_CONTENT.title)}</h1>
      <p className="giveaway-prize">
        <GiveawayPrize />
      </p>
      <p className="giveaway-closes">
        <T id={status.open ? 'giveaway.closesOn' : 'giveaway.closedOn'} values={{ date: closes }} components={{ 0: <time dateTime={status.closesAt} /> }} />
      </p>
      {action}
      <section aria-labelledby="giveaway-rules-title">
        <h2 id="giveaway-rules-title">{t('giveaway.rules')}</h2>
        <GiveawayRules />
      </section>
      {entries && <EntriesTable entries={entries} />}
    </article>
  );
}

export { RouteErrorView as ErrorBoundary };
