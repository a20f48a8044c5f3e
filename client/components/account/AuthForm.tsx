import { useId, useState, type FormEvent } from 'react';
import { ACCOUNT_LABELS } from '../../../shared/validation/account-messages';
import type { FieldErrors } from '../../../shared/validation/account-fields';
import { useSiteConfig } from '../../app/contexts';
import { useT } from '../../app/i18n';
import { withPrefix } from '../../app/return-url';
import { useSession, type AuthMode } from '../../app/session';
import { ShellLink } from '../ui/ShellLink';
import { AUTH_CHOICES, AUTH_TITLES, authRequest, authErrors, type AuthValues } from './auth-forms';
import { FormError, FormField } from '../ui/FormField';
import { SocialButtons } from './SocialButtons';
import { useForm } from './use-form';
import { useHydrated } from './use-hydrated';
import type { SignedIn } from '../../../shared/api/web-session';
import { useAccountSubmit } from './use-account-submit';

// The SIGN IN / REGISTER form (spec section 2 "Sign-in and register"), in the dialog and on
// /authentication. With JavaScript it signs in through the gateway; without, it posts to
// the /authentication action, which does the same on the server.

export type AuthFormProps = {
  initialMode: AuthMode;
  /** Where a sign-in on the page leads; the dialog stays where it is. */
  returnUrl?: string | undefined;
  headingLevel: 'h1' | 'h2';
  headingId?: string;
  /** Values and messages the no-JavaScript action sent back. */
  initialValues?: Partial<AuthValues>;
  initialErrors?: FieldErrors;
  formError?: string | undefined;
  onSignedIn(signedIn: SignedIn): void;
  /** Spec section 8: in the dialog a failure closes it (the error notice says why). */
  onFailed?(): void;
};

const EMPTY: AuthValues = { email: '', password: '', confirm_password: '' };

export function AuthForm(props: AuthFormProps) {
  const { initialMode, returnUrl, headingLevel: Heading, headingId, onSignedIn, onFailed } = props;
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const form = useForm<AuthValues>((values) => authErrors(mode, values), { ...EMPTY, ...props.initialValues }, props.initialErrors);
  const { formError, setFormError, sending, run } = useAccountSubmit(props.formError);
  const session = useSession();
  const hydrated = useHydrated();
  const { basename } = useSiteConfig();
  const id = useId();
  const t = useT();

  const query = new URLSearchParams({ userType: mode, ...(returnUrl ? { returnurl: returnUrl } : {}) });
  const action = withPrefix(basename, `/authentication?${query.toString()}`);

  const switchMode = (next: AuthMode) => {
    setMode(next);
    setFormError(undefined);
    form.reset({ ...EMPTY, email: form.values.email });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.valid) {
      form.showAll();
      return;
    }
    const { path, body } = authRequest(mode, form.values);
    await run(async () => {
      onSignedIn(await session.signIn(path, body));
    }, onFailed);
  };

  const emailLabel = t((mode === 'Login' ? ACCOUNT_LABELS.emailOrUserName : ACCOUNT_LABELS.email).id);
  return (
    <div className="auth-form">
      <Heading id={headingId} className="auth-title">
        {t(AUTH_TITLES[mode])}
      </Heading>
      <form method="post" action={action} noValidate onSubmit={submit}>
        <fieldset className="auth-mode">
          <legend className="visually-hidden">{t('account.auth.havePassword')}</legend>
          {(['Login', 'Register'] as const).map((choice) => (
            <label key={choice} className="auth-mode-choice">
              <input type="radio" name="userType" value={choice} checked={mode === choice} onChange={() => switchMode(choice)} />
              {t(AUTH_CHOICES[choice])}
            </label>
          ))}
        </fieldset>
        <FormField
          id={`${id}-email`}
          label={emailLabel}
          type={mode === 'Login' ? 'text' : 'email'}
          autoComplete={mode === 'Login' ? 'username' : 'email'}
          maxLength={128}
          error={form.errors.email}
          {...form.bind('email')}
        />
        <FormField
          id={`${id}-password`}
          label={t('account.field.password')}
          type="password"
          autoComplete={mode === 'Login' ? 'current-password' : 'new-password'}
          error={form.errors.password}
          {...form.bind('password')}
        />
        {mode === 'Login' ? (
          <>
            <p className="forgot-link">
              <ShellLink to="/forgot-password">{t('account.link.forgotPassword')}</ShellLink>
            </p>
            <p className="forgot-link">
              <ShellLink to="/sign-in-link">{t('account.link.signInLink')}</ShellLink>
            </p>
          </>
        ) : (
          <FormField
            id={`${id}-confirm`}
            label={t('account.field.confirmPassword')}
            type="password"
            autoComplete="new-password"
            error={form.errors.confirm_password}
            {...form.bind('confirm_password')}
          />
        )}
        <FormError message={formError} />
        <button type="submit" className="button button-primary auth-submit" disabled={hydrated && (!form.valid || sending)}>
          {t('account.action.submit')}
        </button>
      </form>
      <SocialButtons returnUrl={returnUrl} onSignedIn={onSignedIn} onFailed={onFailed} />
    </div>
  );
}
