import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import * as ACCOUNT_API from '../../shared/api/account-paths';
import { apiContext } from '../app/contexts';
import { useT } from '../app/i18n';
import { ProfilePicture } from '../components/account/ProfilePicture';
import { LOOK_API, LookTiles } from '../components/looks/looks-common';
import { PageMeta } from '../components/meta/PageMeta';
import { RouteErrorView } from '../components/shell/RouteErrorView';

// /profile/{userName}: a user's public profile, for everyone (spec section 6: guests may view
// public profiles). Only what the api calls public: name, user name, picture. Addressed by user
// name (or the api's opaque public id), never by the account's row id, which is sequential and
// would let anyone list every account. Spec section 8: a failure goes to /authentication.
// Their public looks show as tiles under the profile.

export async function loader({ context, params }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const userName = params.userName ?? '';
  // The public looks are extra: when they cannot be read the profile shows without them.
  const [profile, looks] = await Promise.all([
    api.get(ACCOUNT_API.publicProfileByName(userName), 'PublicProfileResponse').catch(() => null),
    api.get(LOOK_API.publicLooks(userName), 'PublicLookbook').then((answer) => answer.looks, () => []),
  ]);
  if (!profile) throw redirect('/authentication');
  return { user: profile.userdetail, looks };
}

export function Component() {
  const { user, looks } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="public-profile">
      <PageMeta title={t('account.publicProfile.title', { name: user.name })} description={t('account.publicProfile.description', { name: user.name })} images={user.profileImage ? [user.profileImage] : []} />
      <ProfilePicture src={user.profileImage} name={user.name} size={120} />
      <h1>{user.name}</h1>
      <p className="account-handle">{`@${user.userName}`}</p>
      {looks.length === 0 ? (
        <p>{t('account.publicProfile.empty', { name: user.name })}</p>
      ) : (
        <section className="public-looks" aria-labelledby="public-looks-title">
          <h2 id="public-looks-title">{t('account.publicProfile.looks')}</h2>
          <LookTiles looks={looks} label={t('account.publicProfile.looksLabel', { name: user.name })} showPrivacy={false} />
        </section>
      )}
    </section>
  );
}

export { RouteErrorView as ErrorBoundary };
