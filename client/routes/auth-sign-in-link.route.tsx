import { useId, type FormEvent } from 'react';
import { data, redirect, useActionData, useNavigate, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { ACCOUNT_API } from '../../shared/api/account-paths';
import { ApiError } from '../../shared/api/api-client';
import { CacheNone } from '../../shared/http/cache-policy';
import { formErrors } from '../../shared/validation/account-fields';
import { ACCOUNT_LABELS } from '../../shared/validation/account-messages';
import { browserApi } from '../api/browser-api';
import { apiContext, useSiteConfig } from '../app/contexts';
import { requireGuest } from '../app/guards';
import { withPrefix } from '../app/return-url';

import { formText } from '../components/account/form-data';
import { FormError, FormField } from '../components/ui/FormField';
import { useForm } from '../components/account/use-form';
import { useHydrated } from '../components/account/use-hydrated';
import { PageMeta } from '../components/meta/PageMeta';
import { RouteErrorView } from '../components/shell/RouteErrorView';
import { useAccountSubmit } from '../components/account/use-account-submit';
import { failureText } from '../app/notices';

// /sign-in-link: asks for a link that signs in without the password, e-mailed to the account.
// It is the quick way in while password sign-in to an account is slowed after many failed attempts
// (server/api/accounts/login-throttle.ts), and works any other time too. The api answers the
// same whether or not the account exists; after the request, home. Logged-out-only.

export function loader({ context }: LoaderFunctionArgs) {
  requireGuest(context);
  return data(null, { headers: { 'Cache-Control': CacheNone.header } });
}

type ActionData = { email: string; errors?: Record<string, string>; formError?: string };

export async function action({ context, request }: ActionFunctionArgs) {
  const form = await request.formData();
  const email = formText(form, 'email');
  const errors = formErrors('signInLinkRequest', { email });
  if (Object.keys(errors).length) return data<ActionData>({ email, errors }, { status: 400 });
  try {
    await context.get(apiContext).send('POST', ACCOUNT_API.signInLinkRequest, { email }, 'MessageResponse');
  } catch (error) {
    return data<ActionData>({ email, formError: failureText(error) }, { status: error instanceof ApiError ? error.status : 500 });
  }
  return redirect('/');
}

export function Component() {
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const form = useForm((values) => formErrors('signInLinkRequest', values), { email: actionData?.email ?? '' }, actionData?.errors);
  const { formError, sending, run, notify } = useAccountSubmit(actionData?.formError);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { basename } = useSiteConfig();
  const id = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.valid || sending) return form.showAll();
    await run(async () => {
      const { message } = await browserApi().send('POST', ACCOUNT_API.signInLinkRequest, { email: form.values.email }, 'MessageResponse');
      notify('success', message);
      await navigate('/');
    });
  };

  return (
    <section className="auth-page">
      <PageMeta title="Sign In by Email" description="Ask for a link that signs you in to Vitrine without your password." noindex />
      <h1>Sign In by Email</h1>
      <p>Enter the email address or user name of your account and we will email you a link that signs you in once, without your password.</p>
      <form method="post" action={withPrefix(basename, '/sign-in-link')} noValidate onSubmit={submit}>
        <FormField
          id={`${id}-email`}
          label={ACCOUNT_LABELS.emailOrUserName}
          autoComplete="username"
          maxLength={128}
          error={form.errors.email}
          {...form.bind('email')}
        />
        <FormError message={formError} />
        <button type="submit" className="button button-primary" disabled={hydrated && (!form.valid || sending)}>
          Email Me a Link
        </button>
      </form>
    </section>
  );
}

export { RouteErrorView as ErrorBoundary };
