import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { StoreListSchema } from '../../shared/api/product-schemas';
import { COUNTRIES, parseCountryCode } from '../../shared/countries';
import { apiContext, siteContext } from '../app/contexts';
import { rethrowAsRouteError } from '../app/route-error';
import { useCountry } from '../app/site-hooks';
import { AlphabetDirectory } from '../components/product/AlphabetDirectory';
import { PageMeta } from '../components/meta/PageMeta';
import { RouteErrorView } from '../components/shell/RouteErrorView';
import { ShellLink } from '../components/ui/ShellLink';

// stores and shop/stores (spec section 2 route table): the stores selling on this country
// site (GET /api/account/store-list), the biggest first, then all of them from A to Z.

export const POPULAR_STORES = 12;

export async function loader({ context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const site = context.get(siteContext);
  const list = await api.get('/api/account/store-list', StoreListSchema, { country: site.country }).catch(rethrowAsRouteError);
  return list;
}

export function Component() {
  const { stores } = useLoaderData<typeof loader>();
  const country = useCountry();
  const popular = [...stores].sort((a, b) => b.productCount - a.productCount || a.name.localeCompare(b.name)).slice(0, POPULAR_STORES);
  const from = (code: string) => {
    const cc = parseCountryCode(code);
    return cc && cc !== country.code ? `ships from ${COUNTRIES[cc].name}` : undefined;
  };
  return (
    <div className="directory-page">
      <PageMeta title="Stores" description={`Shop ${stores.length} stores that deliver to ${country.name}, and compare their prices in one place.`} path="/stores" />
      <h1>Stores</h1>
      <p className="directory-intro">{stores.length} stores that deliver to {country.name}.</p>
      {popular.length > 0 && (
        <section className="directory-popular" aria-labelledby="popular-stores">
          <h2 id="popular-stores">Popular stores</h2>
          <ul>
            {popular.map((s) => (
              <li key={s.slug}>
                <ShellLink to={`/store/${s.slug}`}>
                  {s.logo && <img src={s.logo} alt="" width={120} height={40} loading="lazy" decoding="async" />}
                  <span className="directory-name">{s.name}</span>
                  <span className="directory-count">
                    {s.productCount} products{from(s.countryCode) ? `, ${from(s.countryCode)}` : ''}
                  </span>
                </ShellLink>
              </li>
            ))}
          </ul>
        </section>
      )}
      {stores.length === 0 ? (
        <p>No stores to show here yet.</p>
      ) : (
        <AlphabetDirectory
          label="Stores"
          idPrefix="stores"
          entries={stores.map((s) => {
            const note = [`${s.productCount}`, from(s.countryCode)].filter(Boolean).join(', ');
            return { name: s.name, to: `/store/${s.slug}`, letter: s.letter, note: `(${note})` };
          })}
        />
      )}
    </div>
  );
}

export { RouteErrorView as ErrorBoundary };
