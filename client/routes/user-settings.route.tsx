import { useId, useState, type FormEvent } from 'react';
import { data, useActionData, useRouteLoaderData, type ActionFunctionArgs } from 'react-router';
import * as ACCOUNT_API from '../../shared/api/account-paths';
import { ApiError } from '../../shared/api/api-client';
import { formErrors, type FieldErrors } from '../../shared/validation/account-fields';
import { ACCOUNT_MESSAGES } from '../../shared/validation/account-messages';
import { say } from '../../shared/validation/message';
import { browserApi } from '../api/browser-api';
import { apiContext, useSiteConfig } from '../app/contexts';
import { useT } from '../app/i18n';
import { withPrefix } from '../app/return-url';
import { accountPath } from '../app/viewer';

import { formText } from '../components/account/form-data';
import { FormError, FormField } from '../components/ui/FormField';
import { useForm } from '../components/account/use-form';
import { useHydrated } from '../components/account/use-hydrated';
import { PageMeta } from '../components/meta/PageMeta';
import { ShellLink } from '../components/ui/ShellLink';
import type { UserRouteData } from './user.route';
import { useAccountSubmit } from '../components/account/use-account-submit';
import { failureText } from '../app/notices';

// /user/{userName}/settings: Change Password (spec sections 2 and 3). The api signs every other
// session out; this one stays.

type ActionData = { done?: string; errors?: FieldErrors; formError?: string };

export async function action({ context, request }: ActionFunctionArgs) {
  const form = await request.formData();
  const input = { old_password: formText(form, 'old_password'), password: formText(form, 'password'), confirm_password: formText(form, 'confirm_password') };
  const errors = formErrors('changePassword', input);
  if (Object.keys(errors).length) return data<ActionData>({ errors }, { status: 400 });
  try {
    const { message } = await context.get(apiContext).send('PUT', ACCOUNT_API.changePassword, input, 'MessageResponse');
    return { done: message } satisfies ActionData;
  } catch (error) {
    return data<ActionData>({ formError: failureText(error) }, { status: error instanceof ApiError ? error.status : 500 });
  }
}

const EMPTY = { old_password: '', password: '', confirm_password: '' };

export function Component() {
  const { user } = useRouteLoaderData('user') as UserRouteData;
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const form = useForm((values) => formErrors('changePassword', values), EMPTY, actionData?.errors);
  const { formError, sending, run, notify } = useAccountSubmit(actionData?.formError);
  const [done, setDone] = useState(actionData?.done);
  const hydrated = useHydrated();
  const { basename } = useSiteConfig();
  const id = useId();
  const t = useT();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.valid || sending) return form.showAll();
    setDone(undefined);
    await run(async () => {
      const { message } = await browserApi().send('PUT', ACCOUNT_API.changePassword, form.values, 'MessageResponse');
      notify('success', message);
      setDone(message);
      form.reset(EMPTY);
    });
  };

  return (
    <section className="account-section">
      <PageMeta title={t('account.link.changePassword')} description={t('account.settings.description')} noindex />
      <h1>{t('account.link.changePassword')}</h1>
      {!user.hasPassword && (
        <p className="account-note">
          {say(t, ACCOUNT_MESSAGES.noPasswordYet)} <ShellLink to="/forgot-password">{t('account.link.forgotPassword')}</ShellLink>
        </p>
      )}
      <form method="post" action={withPrefix(basename, accountPath(user.userName, 'settings'))} noValidate onSubmit={submit} className="account-form">
        <FormField id={`${id}-old`} label={t('account.field.currentPassword')} type="password" autoComplete="current-password" error={form.errors.old_password} {...form.bind('old_password')} />
        <FormField id={`${id}-new`} label={t('account.field.newPassword')} type="password" autoComplete="new-password" error={form.errors.password} {...form.bind('password')} />
        <FormField
          id={`${id}-confirm`}
          label={t('account.field.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={form.errors.confirm_password}
          {...form.bind('confirm_password')}
        />
        <FormError message={formError} />
        {done && (
          <p className="form-done" role="status">
            {done}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={hydrated && (!form.valid || sending)}>
          {t('account.link.changePassword')}
        </button>
      </form>
    </section>
  );
}
