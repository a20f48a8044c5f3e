import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { FashionTipsSchema } from '../../shared/api/home-schemas';
import { apiContext, siteContext } from '../app/contexts';
import { RouteErrorView } from '../components/shell/RouteErrorView';

export async function loader({ context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const { country } = context.get(siteContext);
  const tips = await api.get('/api/home/fashion-tips', FashionTipsSchema, { country }).catch(() => []);
  return { tips };
}

export function Component() {
  const { tips } = useLoaderData<typeof loader>();
  return (
    <article className="help-page">
      <title>About Us | Vitrine</title>
      <h1>About Vitrine</h1>
      <p>
        Vitrine brings together fashion and beauty from hundreds of stores so you can discover, compare and shop in one
        place. When you choose a product, we send you to the retailer to buy it.
      </p>
      {tips.length > 0 && (
        <section aria-labelledby="tips-heading">
          <h2 id="tips-heading">Style notes from our editors</h2>
          <ul>
            {tips.map((tip) => (
              <li key={tip.title}>
                <strong>{tip.title}</strong> {tip.body}
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

export { RouteErrorView as ErrorBoundary };
