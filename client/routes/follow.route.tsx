import { data, redirect, useHref, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/api-client';
import { FOLLOW_API, followPagePath } from '../../shared/api/follow-paths';
import { CacheNone } from '../../shared/http/cache-policy';
import { safeReturnPath } from '../../shared/same-site-path';
import { FOLLOW_KINDS, type FollowKind } from '../../shared/validation/follow-rules';
import { apiContext, siteContext } from '../app/contexts';
import { useT } from '../app/i18n';
import { sessionContext } from '../app/session-context';
import { formText } from '../components/account/form-data';
import { PageMeta } from '../components/meta/PageMeta';
import { RouteErrorView } from '../components/shell/RouteErrorView';

// /follow/{brand|store}/{id}?returnurl=…: a Follow button without JavaScript. The button's
// form posts here; the action follows or unfollows (the form's `intent`) through the page's api
// client, so the session cache goes too, and goes back to the same-site returnurl (else My
// Brands / My Stores). A guest is sent to sign in and comes back to this page, whose one button
// finishes the follow. With JavaScript the button calls the api itself (FollowButton.tsx).

const noStore = { 'Cache-Control': CacheNone.header };

function targetOf(params: LoaderFunctionArgs['params']): { kind: FollowKind; id: number } {
  const kind = FOLLOW_KINDS.find((k) => k === params.kind);
  const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : 0;
  if (!kind || id < 1) throw data(null, { status: 404, headers: noStore });
  return { kind, id };
}

/** Where to go back to: the returnurl when it is ours, else My Brands or My Stores. */
function backOf(request: Request, basename: string, kind: FollowKind): string {
  return safeReturnPath(new URL(request.url).searchParams.get('returnurl'), basename) ?? `/user/me/${kind}s`;
}

function signInFirst(request: Request, basename: string): never {
  const url = new URL(request.url);
  const here = `${url.pathname.slice(basename.length)}${url.search}`;
  throw redirect(`/authentication?userType=Login&returnurl=${encodeURIComponent(here)}`);
}

export function loader({ context, params, request }: LoaderFunctionArgs) {
  const { kind, id } = targetOf(params);
  const site = context.get(siteContext);
  if (!context.get(sessionContext).signedIn()) signInFirst(request, site.basename);
  return data({ kind, id, back: backOf(request, site.basename, kind) }, { headers: noStore });
}

export async function action({ context, params, request }: ActionFunctionArgs) {
  const { kind, id } = targetOf(params);
  const site = context.get(siteContext);
  if (!context.get(sessionContext).signedIn()) signInFirst(request, site.basename);
  const intent = formText(await request.formData(), 'intent');
  const api = context.get(apiContext);
  try {
    if (intent === 'unfollow') await api.send('DELETE', FOLLOW_API.unfollow(kind, id), undefined, 'FollowState');
    else await api.send('POST', FOLLOW_API.follow(kind), { id }, 'FollowState');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) signInFirst(request, site.basename);
    if (error instanceof ApiError && error.status < 500) throw data({ message: error.message }, { status: error.status, headers: noStore });
    throw error;
  }
  return redirect(backOf(request, site.basename, kind));
}

export function Component() {
  const { kind, id, back } = useLoaderData<typeof loader>();
  const t = useT();
  const title = t('follows.page.title', { kind });
  const action = useHref(followPagePath(kind, id, back));
  return (
    <section className="account-section follow-page">
      <PageMeta title={title} description={title} noindex />
      <h1>{title}</h1>
      <form method="post" action={action}>
        <input type="hidden" name="intent" value="follow" />
        <button type="submit" className="button button-primary">
          {t('follows.button.follow')}
        </button>
      </form>
    </section>
  );
}

export { RouteErrorView as ErrorBoundary };
