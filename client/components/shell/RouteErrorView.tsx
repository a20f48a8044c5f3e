import { useRouteError } from 'react-router';
import { useT } from '../../app/i18n';
import { describeRouteError } from '../../app/route-error';

/** The error boundary of a page inside the shell: header and footer stay. */
export function RouteErrorView() {
  const { title, message } = describeRouteError(useRouteError(), useT());
  return (
    <section className="page-error" role="alert">
      <title>{`${title} | Vitrine`}</title>
      <h1>{title}</h1>
      <p>{message}</p>
    </section>
  );
}
