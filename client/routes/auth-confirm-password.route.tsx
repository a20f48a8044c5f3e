import { useId, type FormEvent } from 'react';
import { data, redirect, useActionData, useNavigate, useParams, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import * as ACCOUNT_API from '../../shared/api/account-paths';
import { ApiError } from '../../shared/api/api-client';
import { CacheNone } from '../../shared/http/cache-policy';
import { formErrors, type FieldErrors } from '../../shared/validation/account-fields';
import { browserApi } from '../api/browser-api';
import { apiContext, useSiteConfig } from '../app/contexts';
import { useT } from '../app/i18n';
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

// /confirm-password/tkn/{tkn}/key/{key} (spec section 2): the reset link's page. A new
// password and its confirmation, Confirm Password; success goes home. Logged-out-only.
// Never cached, never indexed: the address is a secret.

export function loader({ context }: LoaderFunctionArgs) {
  requireGuest(context);
  return data(null, { headers: { 'Cache-Control': CacheNone.header } });
}

type ActionData = { errors?: FieldErrors; formError?: string };

export async function action({ context, request, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const input = { tkn: params.tkn ?? '', key: params.key ?? '', password: formText(form, 'password'), confirm_password: formText(form, 'confirm_password') };
  const errors = formErrors('confirmPassword', input);
  if (Object.keys(errors).length) return data<ActionData>({ errors }, { status: 400 });
  try {
    await context.get(apiContext).send('PUT', ACCOUNT_API.confirmPassword, input, 'MessageResponse');
  } catch (error) {
    return data<ActionData>({ formError: failureText(error) }, { status: error instanceof ApiError ? error.status : 500 });
  }
  return redirect('/');
}

export function Component() {
  const { tkn = '', key = '' } = useParams();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const form = useForm((values) => formErrors('confirmPassword', values), { tkn, key, password: '', confirm_password: '' }, actionData?.errors);
  const { formError, sending, run, notify } = useAccountSubmit(actionData?.formError);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { basename } = useSiteConfig();
  const id = useId();
  const t = useT();
  const empty = !form.values.password && !form.values.confirm_password;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.valid || sending) return form.showAll();
    await run(async () => {
      const { message } = await browserApi().send('PUT', ACCOUNT_API.confirmPassword, form.values, 'MessageResponse');
      notify('success', message);
      await navigate('/');
    });
  };

  return (
    <section className="auth-page">
      <PageMeta title={t('account.reset.title')} description={t('account.reset.description')} noindex />
      <h1>{t('account.reset.title')}</h1>
      <form method="post" action={withPrefix(basename, `/confirm-password/tkn/${encodeURIComponent(tkn)}/key/${encodeURIComponent(key)}`)} noValidate onSubmit={submit}>
        <FormField id={`${id}-password`} label={t('account.field.newPassword')} type="password" autoComplete="new-password" error={form.errors.password} {...form.bind('password')} />
        <FormField
          id={`${id}-confirm`}
          label={t('account.field.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={form.errors.confirm_password}
          {...form.bind('confirm_password')}
        />
        <FormError message={formError} />
        <button type="submit" className="button button-primary" disabled={hydrated && (!form.valid || empty || sending)}>
          {t('account.reset.submit')}
        </button>
      </form>
    </section>
  );
}

export { RouteErrorView as ErrorBoundary };
