import { data, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/api-client';
import { CacheNone } from '../../shared/http/cache-policy';
import { apiContext } from '../app/contexts';
import { useT } from '../app/i18n';
import { sessionContext } from '../app/session-context';
import { LOOK_API, LookTiles } from '../components/looks/looks-common';
import { PageMeta } from '../components/meta/PageMeta';
import { ShellLink } from '../components/ui/ShellLink';

// My Lookbook, /user/{userName}/lookbook (spec section 2): the shopper's looks as tiles, the
// most recently changed first, public or private; empty, the way to Dress Me. The owner only
// (user.route.tsx sends another name to one's own).

export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.get(sessionContext).signedIn()) throw redirect('/');
  try {
    const { looks } = await context.get(apiContext).get(LOOK_API.lookbook, 'Lookbook');
    return data({ looks }, { headers: { 'Cache-Control': CacheNone.header } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect('/');
    throw error;
  }
}

export function Component() {
  const { looks } = useLoaderData<typeof loader>();
  const t = useT();
  const title = t('looks.lookbook.title');
  return (
    <section className="account-section lookbook" data-section="lookbook">
      <PageMeta title={title} description={title} noindex />
      <h1>{title}</h1>
      {looks.length === 0 ? <p>{t('looks.lookbook.empty')}</p> : <LookTiles looks={looks} label={t('looks.lookbook.looks')} showPrivacy />}
      <p>
        <ShellLink to="/dress-me" className="button">
          {t('looks.lookbook.create')}
        </ShellLink>
      </p>
    </section>
  );
}
