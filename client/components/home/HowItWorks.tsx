import { ShellLink } from '../ui/ShellLink';

/** What Vitrine is, in three steps, with the way to the longer story on About Us. */
export function HowItWorks({ countryName }: { countryName: string }) {
  return (
    <section className="how-it-works" aria-labelledby="how-it-works-heading">
      <div className="how-it-works-intro">
        <h2 id="how-it-works-heading">Every store, one search</h2>
        <p>
          Vitrine brings fashion and beauty from hundreds of stores into one place. Prices are the retailers&rsquo; own, in
          the currency of the {countryName} site, and you buy from the retailer you choose.
        </p>
        <ShellLink to="/about-us" className="how-it-works-link">
          How Vitrine works
        </ShellLink>
      </div>
      <ol className="how-it-works-steps">
        <li>
          <strong>Discover</strong>
          <span>Browse new arrivals, edits and brands you love, or search for exactly what you have in mind.</span>
        </li>
        <li>
          <strong>Compare</strong>
          <span>Filter by colour, price, brand and offers, and set an alert to hear when a price drops.</span>
        </li>
        <li>
          <strong>Shop at the retailer</strong>
          <span>We take you to the store&rsquo;s own page to buy: its prices, its delivery, its returns.</span>
        </li>
      </ol>
    </section>
  );
}
