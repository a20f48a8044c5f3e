import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { LinksSchema, SlidesSchema } from '../../shared/api/home-schemas';
import { apiContext, siteContext } from '../app/contexts';
import { RouteErrorView } from '../components/shell/RouteErrorView';

export async function loader({ context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const { country } = context.get(siteContext);
  // Spec section 8: home loading failures are silently ignored.
  const [slides, promoted] = await Promise.all([
    api.get('/api/home/slides', SlidesSchema, { country }).catch(() => ({ sliders: [] })),
    api.get('/api/home/promoted-links', LinksSchema, { country }).catch(() => ({ links: [] })),
  ]);
  // Passed on as fetched, so the page payload sends them once (see shared/payload.ts).
  return { slides: slides.sliders, promoted: promoted.links };
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  // Spec section 2: "Sliders without links are dropped."
  const slides = data.slides.filter((slide) => slide.link);
  const { promoted } = data;
  return (
    <>
      <title>Vitrine | Discover, compare and shop fashion and beauty</title>
      <meta name="description" content="Shop dresses, shoes, bags and beauty from hundreds of stores in one place." />
      <h1 className="visually-hidden">Vitrine</h1>
      <section aria-label="Featured" className="home-slides">
        {slides.map((slide, index) => (
          <a key={`${slide.link}-${index}`} href={slide.link ?? '#'} className="home-slide">
            <img src={slide.image} alt={slide.linkTitle} width={1200} height={400} loading={index === 0 ? 'eager' : 'lazy'} />
            <span>{slide.linkTitle}</span>
          </a>
        ))}
      </section>
      <section aria-label="Promoted" className="home-links">
        {promoted.map((link) => (
          <a key={link.slug} href={link.slug}>
            {link.linkTitle}
          </a>
        ))}
      </section>
      <p>
        <Link to="/about-us">How Vitrine works</Link>
      </p>
    </>
  );
}

export { RouteErrorView as ErrorBoundary };
