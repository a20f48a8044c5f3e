import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ACCOUNT_API } from '../../shared/api/account-paths';
import { apiContext } from '../app/contexts';
import { ProfilePicture } from '../components/account/ProfilePicture';
import { PageMeta } from '../components/meta/PageMeta';
import { RouteErrorView } from '../components/shell/RouteErrorView';

// /profile/{userName}: a user's public profile, for everyone (spec section 6: guests may view
// public profiles). Only what the api calls public: name, user name, picture. Addressed by user
// name (or the api's opaque public id), never by the account's row id, which is sequential and
// would let anyone list every account. Spec section 8: a failure goes to /authentication.

export async function loader({ context, params }: LoaderFunctionArgs) {
  const profile = await context
    .get(apiContext)
    .get(ACCOUNT_API.publicProfileByName(params.userName ?? ''), 'PublicProfileResponse')
    .catch(() => null);
  if (!profile) throw redirect('/authentication');
  return { user: profile.userdetail };
}

export function Component() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <section className="public-profile">
      <PageMeta title={`${user.name} on Vitrine`} description={`${user.name}'s profile on Vitrine.`} images={user.profileImage ? [user.profileImage] : []} />
      <ProfilePicture src={user.profileImage} name={user.name} size={120} />
      <h1>{user.name}</h1>
      <p className="account-handle">{`@${user.userName}`}</p>
      <p>{user.name} has no public wishlists or looks yet.</p>
    </section>
  );
}

export { RouteErrorView as ErrorBoundary };
