import { useId, type FormEvent } from 'react';
import { data, redirect, useActionData, useLoaderData, useNavigate, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import * as ACCOUNT_API from '../../shared/api/account-paths';
import { ApiError } from '../../shared/api/api-client';
import { CacheNone } from '../../shared/http/cache-policy';
import { formErrors, type FieldErrors } from '../../shared/validation/account-fields';
import { apiContext, siteContext, useSiteConfig } from '../app/contexts';
import { useT } from '../app/i18n';
import { requireGuest } from '../app/guards';
import { safeReturnPath } from '../../shared/same-site-path';
import { afterSignInPath, withPrefix } from '../app/return-url';
import { sessionContext } from '../app/session-context';
import { useSession } from '../app/session';

import { formText } from '../components/account/form-data';
import { FormError, FormField } from '../components/ui/FormField';
import { ProfilePicture } from '../components/account/ProfilePicture';
import { useForm } from '../components/account/use-form';
import { useHydrated } from '../components/account/use-hydrated';
import { PageMeta } from '../components/meta/PageMeta';
import { RouteErrorView } from '../components/shell/RouteErrorView';
import { ShellLink } from '../components/ui/ShellLink';
import { useAccountSubmit } from '../components/account/use-account-submit';
import { failureText } from '../app/notices';

// /sign-in?uname={userName}&returnurl=… (spec section 2 "Known-user sign-in"): the user's
// picture and 'Sign In as {name}. Not you?', a password, Submit, the forgot-password link.
// A missing or unknown user goes to /authentication (spec section 8); after signing in, to
// returnurl. Logged-out-only.

function authenticationPath(returnUrl: string | undefined): string {
  return `/authentication?userType=Login${returnUrl ? `&returnurl=${encodeURIComponent(returnUrl)}` : ''}`;
}

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireGuest(context);
  const { basename } = context.get(siteContext);
  const url = new URL(request.url);
  const returnUrl = safeReturnPath(url.searchParams.get('returnurl'), basename);
  const uname = url.searchParams.get('uname') ?? '';
  const profile = uname
    ? await context
        .get(apiContext)
        .get(ACCOUNT_API.publicProfileByName(uname), 'PublicProfileResponse')
        .catch(() => null)
    : null;
  if (!profile) throw redirect(authenticationPath(returnUrl));
  return data({ user: profile.userdetail, returnUrl: returnUrl ?? null }, { headers: { 'Cache-Control': CacheNone.header } });
}

type ActionData = { errors?: FieldErrors; formError?: string };

export async function action({ context, request }: ActionFunctionArgs) {
  const form = await request.formData();
  const url = new URL(request.url);
  const input = { password: formText(form, 'password') };
  const errors = formErrors('knownUser', input);
  if (Object.keys(errors).length) return data<ActionData>({ errors }, { status: 400 });
  const { basename } = context.get(siteContext);
  try {
    const signedIn = await context.get(sessionContext).signIn(ACCOUNT_API.login, { email: url.searchParams.get('uname') ?? '', password: input.password });
    return redirect(afterSignInPath(url.searchParams.get('returnurl'), signedIn.userName, basename));
  } catch (error) {
    return data<ActionData>({ formError: failureText(error) }, { status: error instanceof ApiError ? error.status : 500 });
  }
}

export function Component() {
  const { user, returnUrl } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const form = useForm((values) => formErrors('knownUser', values), { password: '' }, actionData?.errors);
  const { formError, sending, run } = useAccountSubmit(actionData?.formError);
  const session = useSession();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { basename } = useSiteConfig();
  const id = useId();
  const t = useT();
  const query = new URLSearchParams({ uname: user.userName, ...(returnUrl ? { returnurl: returnUrl } : {}) });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.valid || sending) return form.showAll();
    await run(async () => {
      const signedIn = await session.signIn(ACCOUNT_API.login, { email: user.userName, password: form.values.password });
      await navigate(afterSignInPath(returnUrl, signedIn.userName));
    });
  };

  return (
    <section className="auth-page known-user">
      <PageMeta title={t('account.knownUser.title')} description={t('account.knownUser.description')} noindex />
      <ProfilePicture src={user.profileImage} name={user.name} />
      <h1 className="known-user-title">
        {`${t('account.knownUser.signInAs', { name: user.name })} `}
        <ShellLink to={authenticationPath(returnUrl ?? undefined)}>{t('account.knownUser.notYou')}</ShellLink>
      </h1>
      <form method="post" action={withPrefix(basename, `/sign-in?${query.toString()}`)} noValidate onSubmit={submit}>
        <FormField id={`${id}-password`} label={t('account.field.password')} type="password" autoComplete="current-password" error={form.errors.password} {...form.bind('password')} />
        <FormError message={formError} />
        <button type="submit" className="button button-primary" disabled={hydrated && (!form.valid || sending)}>
          {t('account.action.submit')}
        </button>
        <p className="forgot-link">
          <ShellLink to="/forgot-password">{t('account.link.forgotPassword')}</ShellLink>
        </p>
      </form>
    </section>
  );
}

export { RouteErrorView as ErrorBoundary };
