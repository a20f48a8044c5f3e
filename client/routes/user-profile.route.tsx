import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { data, redirect, useActionData, useNavigate, useRevalidator, useRouteLoaderData, type ActionFunctionArgs } from 'react-router';
import * as ACCOUNT_API from '../../shared/api/account-paths';
import { ApiError } from '../../shared/api/api-client';
import { formErrors, type FieldErrors } from '../../shared/validation/account-fields';
import { browserApi } from '../api/browser-api';
import { useBusy } from '../app/busy';
import { apiContext, useSiteConfig } from '../app/contexts';
import { useLocale, useT } from '../app/i18n';
import { failureText, useNotify } from '../app/notices';
import { withPrefix } from '../app/return-url';
import { useSession } from '../app/session';
import { accountPath } from '../app/viewer';
import { checkUserName, uploadProfileImage } from '../data/account/account-requests';

import { formText } from '../components/account/form-data';
import { FormError, FormField } from '../components/ui/FormField';
import { ProfilePicture } from '../components/account/ProfilePicture';
import { useForm } from '../components/account/use-form';
import { useHydrated } from '../components/account/use-hydrated';
import { PageMeta } from '../components/meta/PageMeta';
import type { UserRouteData } from './user.route';
import { useAccountSubmit } from '../components/account/use-account-submit';

// /user/{userName}/profile: Edit Profile (spec section 2). Name and user name, the user name
// checked while typed (GET check-username); the picture uploaded (PUT upload-profile-image).

/** Wait this long after the last key before asking whether a user name is free. */
const USER_NAME_CHECK_DELAY_MS = 400;

type ActionData = { values: { name: string; userName: string }; errors?: FieldErrors; formError?: string };

export async function action({ context, request }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = { name: formText(form, 'name'), userName: formText(form, 'userName') };
  const errors = formErrors('profile', values);
  if (Object.keys(errors).length) return data<ActionData>({ values, errors }, { status: 400 });
  try {
    const { userdetail } = await context.get(apiContext).send('PUT', ACCOUNT_API.editProfile, { ...values, name: values.name.trim() }, 'EditProfileResponse');
    return redirect(accountPath(userdetail.userName, 'profile'));
  } catch (error) {
    return data<ActionData>({ values, formError: failureText(error) }, { status: error instanceof ApiError ? error.status : 500 });
  }
}

function useUserNameCheck(userName: string, current: string, enabled: boolean): string | undefined {
  const [message, setMessage] = useState<string | undefined>();
  const t = useT();
  useEffect(() => {
    setMessage(undefined);
    if (!enabled || !userName || userName.toLowerCase() === current.toLowerCase()) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      checkUserName(userName)
        .then((answer) => {
          if (!cancelled) setMessage(answer.available ? undefined : (answer.message ?? t('account.profile.userNameUnusable')));
        })
        .catch(() => undefined);
    }, USER_NAME_CHECK_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [userName, current, enabled, t]);
  return message;
}

export function Component() {
  const { user } = useRouteLoaderData('user') as UserRouteData;
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const form = useForm((values) => formErrors('profile', values), actionData?.values ?? { name: user.name, userName: user.userName }, actionData?.errors);
  const { formError, sending, run, notify } = useAccountSubmit(actionData?.formError);
  const session = useSession();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const { basename } = useSiteConfig();
  const id = useId();
  const t = useT();
  const taken = useUserNameCheck(form.values.userName ?? '', user.userName, hydrated && !form.errors.userName);
  const unchanged = form.values.name === user.name && form.values.userName === user.userName;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.valid || taken || sending) return form.showAll();
    await run(async () => {
      const answer = await browserApi().send('PUT', ACCOUNT_API.editProfile, form.values, 'EditProfileResponse');
      notify('success', answer.message);
      await session.refresh();
      if (answer.userdetail.userName !== user.userName) await navigate(accountPath(answer.userdetail.userName, 'profile'), { replace: true });
      else await revalidator.revalidate();
    });
  };

  return (
    <section className="account-section">
      <PageMeta title={t('account.link.editProfile')} description={t('account.profile.description')} noindex />
      <h1>{t('account.link.editProfile')}</h1>
      <PictureUpload name={user.name} current={session.viewer?.profileImage ?? user.profileImage} enabled={hydrated} onUploaded={() => void session.refresh().then(() => revalidator.revalidate())} />
      <form method="post" action={withPrefix(basename, accountPath(user.userName, 'profile'))} noValidate onSubmit={submit} className="account-form">
        <FormField id={`${id}-name`} label={t('account.field.name')} autoComplete="name" maxLength={50} error={form.errors.name} {...form.bind('name')} />
        <FormField id={`${id}-user-name`} label={t('account.field.userName')} autoComplete="username" maxLength={30} error={form.errors.userName ?? taken} {...form.bind('userName')} />
        <FormError message={formError ?? form.errors['']} />
        <button type="submit" className="button button-primary" disabled={hydrated && (!form.valid || Boolean(taken) || unchanged || sending)}>
          {t('account.profile.save')}
        </button>
      </form>
    </section>
  );
}

/** The picture: choose a file, upload it. Needs JavaScript (the upload is a multipart PUT). */
function PictureUpload({ name, current, enabled, onUploaded }: { name: string; current: string | null; enabled: boolean; onUploaded(): void }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const notify = useNotify();
  const track = useBusy();
  const id = useId();
  const t = useT();
  const locale = useLocale();

  const upload = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) return;
    setError(undefined);
    try {
      const answer = await track(uploadProfileImage(file, locale));
      notify('success', answer.message);
      setFile(null);
      if (input.current) input.current.value = '';
      onUploaded();
    } catch (failure) {
      const message = failureText(failure);
      notify('error', message);
      setError(message);
    }
  };

  return (
    <div className="picture-upload">
      <ProfilePicture src={current} name={name} />
      {enabled && (
        <form onSubmit={upload} className="picture-upload-form">
          <label htmlFor={`${id}-file`}>{t('account.profile.picture')}</label>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            name="image"
            accept="image/jpeg,image/png,image/gif,image/webp"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <FormError message={error} />
          <button type="submit" className="button" disabled={!file}>
            {t('account.profile.upload')}
          </button>
        </form>
      )}
    </div>
  );
}
