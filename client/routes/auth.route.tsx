import type { FieldErrors } from '../../shared/validation/account-fields';
import { data, redirect, useActionData, useLoaderData, useNavigate, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/api-client';
import { CacheNone } from '../../shared/http/cache-policy';
import { siteContext } from '../app/contexts';
import { useT } from '../app/i18n';
import { requireGuest } from '../app/guards';
import { safeReturnPath } from '../../shared/same-site-path';
import { afterSignInPath } from '../app/return-url';
import { sessionContext } from '../app/session-context';
import type { AuthMode } from '../app/session';
import { AuthForm } from '../components/account/AuthForm';
import { authRequest, authErrors, parseAuthMode } from '../components/account/auth-forms';
import { formText } from '../components/account/form-data';
import { PageMeta } from '../components/meta/PageMeta';
import { RouteErrorView } from '../components/shell/RouteErrorView';
import { failureText } from '../app/notices';

// /authentication?userType=Login|Register&returnurl=… (spec section 2): the SIGN IN / REGISTER
// form as a page. Signed-in users are sent home (logged-out-only guard, spec section 4);
// nobody keeps the page (it depends on the cookie).

export function loader({ context, request }: LoaderFunctionArgs) {
  requireGuest(context);
  const url = new URL(request.url);
  const { basename } = context.get(siteContext);
  return data(
    { mode: parseAuthMode(url.searchParams.get('userType')), returnUrl: safeReturnPath(url.searchParams.get('returnurl'), basename) ?? null },
    { headers: { 'Cache-Control': CacheNone.header } },
  );
}

type ActionData = { mode: AuthMode; email: string; errors?: FieldErrors; formError?: string };

/** The form posted without JavaScript: checked and sent from the server, then on to returnurl. */
export async function action({ context, request }: ActionFunctionArgs) {
  const form = await request.formData();
  const mode = parseAuthMode(form.get('userType'));
  const values = { email: formText(form, 'email'), password: formText(form, 'password'), confirm_password: formText(form, 'confirm_password') };
  const errors = authErrors(mode, values);
  if (Object.keys(errors).length) return data<ActionData>({ mode, email: values.email, errors }, { status: 400 });
  const { basename } = context.get(siteContext);
  const { path, body } = authRequest(mode, values);
  try {
    const signedIn = await context.get(sessionContext).signIn(path, body);
    const returnUrl = new URL(request.url).searchParams.get('returnurl');
    return redirect(afterSignInPath(returnUrl, signedIn.userName, basename));
  } catch (error) {
    return data<ActionData>({ mode, email: values.email, formError: failureText(error) }, { status: error instanceof ApiError ? error.status : 500 });
  }
}

export function Component() {
  const { mode, returnUrl } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const navigate = useNavigate();
  const t = useT();
  return (
    <section className="auth-page">
      <PageMeta title={t('account.auth.pageTitle')} description={t('account.auth.pageDescription')} noindex />
      <AuthForm
        key={actionData?.mode ?? mode}
        initialMode={actionData?.mode ?? mode}
        returnUrl={returnUrl ?? undefined}
        headingLevel="h1"
        initialValues={actionData ? { email: actionData.email } : undefined}
        initialErrors={actionData?.errors}
        formError={actionData?.formError}
        onSignedIn={(signedIn) => void navigate(afterSignInPath(returnUrl, signedIn.userName))}
      />
    </section>
  );
}

export { RouteErrorView as ErrorBoundary };
