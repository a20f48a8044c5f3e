import { useId, type FormEvent } from 'react';
import { data, redirect, useActionData, useNavigate, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { ACCOUNT_API } from '../../shared/api/account-paths';
import { ApiError } from '../../shared/api/api-client';
import { CacheNone } from '../../shared/http/cache-policy';
import { formErrors, normalizeEmail } from '../../shared/validation/account-fields';
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

// /forgot-password (spec section 2): 'Forgot Password?', one e-mail field, Send Email; after
// the request, home. Logged-out-only (spec section 4). The api answers the same whether or not
// the address has an account.

export function loader({ context }: LoaderFunctionArgs) {
  requireGuest(context);
  return data(null, { headers: { 'Cache-Control': CacheNone.header } });
}

type ActionData = { email: string; errors?: Record<string, string>; formError?: string };

export async function action({ context, request }: ActionFunctionArgs) {
  const form = await request.formData();
  const email = String(normalizeEmail(formText(form, 'email')));
  const errors = formErrors('forgotPassword', { email });
  if (Object.keys(errors).length) return data<ActionData>({ email, errors }, { status: 400 });
  try {
    await context.get(apiContext).send('POST', ACCOUNT_API.forgotPassword, { email }, 'MessageResponse');
  } catch (error) {
    return data<ActionData>({ email, formError: failureText(error) }, { status: error instanceof ApiError ? error.status : 500 });
  }
  return redirect('/');
}

export function Component() {
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const form = useForm((values) => formErrors('forgotPassword', values), { email: actionData?.email ?? '' }, actionData?.errors);
  const { formError, sending, run, notify } = useAccountSubmit(actionData?.formError);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { basename } = useSiteConfig();
  const id = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.valid || sending) return form.showAll();
    await run(async () => {
      const { message } = await browserApi().send('POST', ACCOUNT_API.forgotPassword, { email: form.values.email }, 'MessageResponse');
      notify('success', message);
      await navigate('/');
    });
  };

  return (
    <section className="auth-page">
      <PageMeta title="Forgot Password?" description="Ask for a link to set a new Vitrine password." noindex />
      <h1>Forgot Password?</h1>
      <p>Enter the email address of your account and we will send you a link to reset your password.</p>
      <form method="post" action={withPrefix(basename, '/forgot-password')} noValidate onSubmit={submit}>
        <FormField
          id={`${id}-email`}
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={form.errors.email}
          {...form.bind('email')}
          onChange={(event) => form.set('email', event.target.value.replace(/\s/g, ''))}
        />
        <FormError message={formError} />
        <button type="submit" className="button button-primary" disabled={hydrated && (!form.valid || sending)}>
          Send Email
        </button>
      </form>
    </section>
  );
}

export { RouteErrorView as ErrorBoundary };
