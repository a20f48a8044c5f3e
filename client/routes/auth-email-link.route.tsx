import { useId, type FormEvent } from 'react';
import { data, redirect, useActionData, useNavigate, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { ApiError } from '../../shared/api/api-client';
import { CacheNone } from '../../shared/http/cache-policy';
import { formErrors, normalizeEmail, type FieldErrors } from '../../shared/validation/account-fields';
import type { MessageId } from '../../shared/i18n/message-ids';
import { ACCOUNT_LABELS } from '../../shared/validation/account-messages';
import { apiContext, useSiteConfig } from '../app/contexts';
import { useT } from '../app/i18n';
import { requireGuest } from '../app/guards';
import { failureText } from '../app/notices';
import { withPrefix } from '../app/return-url';
import { formText } from '../components/account/form-data';
import { useAccountSubmit } from '../components/account/use-account-submit';
import { useForm } from '../components/account/use-form';
import { useHydrated } from '../components/account/use-hydrated';
import { PageMeta } from '../components/meta/PageMeta';
import { RouteErrorView } from '../components/shell/RouteErrorView';
import { FormError, FormField } from '../components/ui/FormField';
import { requestEmailLink, type EmailLinkRequest } from '../data/account/email-link';

// The two pages that ask for an e-mailed one-time link, one page with two sets of words. Both
// are logged-out-only (spec section 4); the api answers the same whether or not the account
// exists; after the request, home.
// - /forgot-password (spec section 2): 'Forgot Password?', one e-mail field, Send Email.
// - /sign-in-link: a link that signs in without the password. It is the quick way in while
//   password sign-in to an account is slowed after many failed attempts
//   (server/api/accounts/login-throttle.ts), and works any other time too.

/** The page's words are message ids (issue 29), worded in the page's language. */
type Page = {
  path: string;
  title: MessageId;
  description: MessageId;
  intro: MessageId;
  button: MessageId;
  label: MessageId;
  field: { type?: 'email'; autoComplete: string; inputMode?: 'email'; maxLength?: number };
  /** The address as the api is sent it. */
  email(value: string): string;
  /** What the field keeps while typing, when not what was typed. */
  typed?(value: string): string;
};

const PAGES: Record<EmailLinkRequest, Page> = {
  forgotPassword: {
    path: '/forgot-password',
    title: 'account.forgot.title',
    description: 'account.forgot.description',
    intro: 'account.forgot.intro',
    button: 'account.forgot.submit',
    label: ACCOUNT_LABELS.email.id,
    field: { type: 'email', autoComplete: 'email', inputMode: 'email' },
    email: (value) => String(normalizeEmail(value)),
    typed: (value) => value.replace(/\s/g, ''),
  },
  signInLinkRequest: {
    path: '/sign-in-link',
    title: 'account.signInLink.title',
    description: 'account.signInLink.description',
    intro: 'account.signInLink.intro',
    button: 'account.signInLink.submit',
    label: ACCOUNT_LABELS.emailOrUserName.id,
    field: { autoComplete: 'username', maxLength: 128 },
    email: (value) => value,
  },
};

type ActionData = { email: string; errors?: FieldErrors; formError?: string };

/** The route module of one of the two pages (client/routes.ts). */
export function emailLinkRoute(kind: EmailLinkRequest): Partial<RouteObject> {
  const page = PAGES[kind];

  function loader({ context }: LoaderFunctionArgs) {
    requireGuest(context);
    return data(null, { headers: { 'Cache-Control': CacheNone.header } });
  }

  async function action({ context, request }: ActionFunctionArgs) {
    const form = await request.formData();
    const email = page.email(formText(form, 'email'));
    const errors = formErrors(kind, { email });
    if (Object.keys(errors).length) return data<ActionData>({ email, errors }, { status: 400 });
    try {
      await requestEmailLink(kind, email, context.get(apiContext));
    } catch (error) {
      return data<ActionData>({ email, formError: failureText(error) }, { status: error instanceof ApiError ? error.status : 500 });
    }
    return redirect('/');
  }

  function Component() {
    const actionData = useActionData<typeof action>() as ActionData | undefined;
    const form = useForm((values) => formErrors(kind, values), { email: actionData?.email ?? '' }, actionData?.errors);
    const { formError, sending, run, notify } = useAccountSubmit(actionData?.formError);
    const navigate = useNavigate();
    const hydrated = useHydrated();
    const { basename } = useSiteConfig();
    const id = useId();
    const t = useT();
    const { typed } = page;

    const submit = async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (!form.valid || sending) return form.showAll();
      await run(async () => {
        notify('success', await requestEmailLink(kind, form.values.email));
        await navigate('/');
      });
    };

    return (
      <section className="auth-page">
        <PageMeta title={t(page.title)} description={t(page.description)} noindex />
        <h1>{t(page.title)}</h1>
        <p>{t(page.intro)}</p>
        <form method="post" action={withPrefix(basename, page.path)} noValidate onSubmit={submit}>
          <FormField
            id={`${id}-email`}
            {...page.field}
            label={t(page.label)}
            error={form.errors.email}
            {...form.bind('email')}
            {...(typed ? { onChange: (event) => form.set('email', typed(event.target.value)) } : {})}
          />
          <FormError message={formError} />
          <button type="submit" className="button button-primary" disabled={hydrated && (!form.valid || sending)}>
            {t(page.button)}
          </button>
        </form>
      </section>
    );
  }

  return { loader, action, Component, ErrorBoundary: RouteErrorView };
}
