import { ShellLink } from '../../components/ui/ShellLink';
import { PARTNERS_EMAIL } from '../contact';
import { CountryList, Mail, type HelpPage } from './help-common';

export const ABOUT_US: HelpPage = {
    title: 'About Us',
  heading: 'About Vitrine',
  description:
    'Vitrine brings fashion and beauty from hundreds of stores into one search, in eight countries. We do not sell: we take you to the retailer to buy.',
  lead: (
    <>
      Vitrine is where fashion and beauty from hundreds of stores and thousands of brands come together in one search. You
      discover and compare here; you buy from the retailer you choose.
    </>
  ),
  toc: false,
  sections: [
    {
      id: 'what-vitrine-is',
      title: 'A discovery marketplace in eight countries',
      body: (
        <>
          <p>
            Shopping for a dress should not mean opening twenty tabs. Vitrine reads the product catalogues of the stores
            we work with, every day, and puts them side by side: clothing, shoes, bags, accessories and beauty for women,
            men and kids. Search for what you have in mind, or browse the edits our stylists put together, then narrow it
            down by colour, price, brand, store and offers.
          </p>
          <p>Each country has its own site, with the stores that deliver there and prices in its own currency:</p>
          <CountryList />
        </>
      ),
    },
    {
      id: 'we-do-not-sell',
      title: 'We don’t sell or ship anything. Retailers do.',
      body: (
        <>
          <p>
            Vitrine is not a shop. We hold no stock, take no payment and ship no parcels. When you find something you
            like, the <strong>Buy at</strong> button takes you to that product on the retailer’s own website, and you buy
            it there, under the retailer’s terms, with its delivery options and its returns policy. Questions about an
            order, a delivery or a refund go to the retailer, who is the one who can help.
          </p>
        </>
      ),
    },
    {
      id: 'how-click-through-works',
      title: 'How click-through works',
      body: (
        <>
          <ol className="help-steps">
            <li>
              <strong>You choose a product.</strong> We open the retailer’s product page in a new tab, so your search is
              still here when you come back.
            </li>
            <li>
              <strong>The retailer sees that you came from Vitrine.</strong> The link carries a referral code, nothing
              about who you are.
            </li>
            <li>
              <strong>Some retailers pay us a commission</strong> when a visit from Vitrine ends in a sale. That is how
              Vitrine is free to use. It costs you nothing and never changes the price you pay.
            </li>
          </ol>
          <p>
            The prices we show are the retailer’s own, in your country’s currency, as the retailer last sent them to us.
            Retailers change prices and run out of sizes during the day, so the price and availability on the retailer’s
            page are the ones that count.
          </p>
        </>
      ),
    },
    {
      id: 'what-you-see',
      title: 'How we decide what you see',
      body: (
        <p>
          Search results are ordered by how well a product matches what you asked for and how popular it is with other
          shoppers, or by price or discount if you choose another sort. We never sort results by the commission a
          retailer pays. Some places on the home page, such as offers and store spotlights, may feature retailers we work
          with commercially.
        </p>
      ),
    },
    {
      id: 'with-an-account',
      title: 'More with a free account',
      body: (
        <ul>
          <li>Keep wishlists, private or public, and share them.</li>
          <li>Put outfits together as looks, and save them to your lookbook.</li>
          <li>Set a sale or price alert and hear from us when a price drops.</li>
          <li>Follow the stores and brands you love.</li>
        </ul>
      ),
    },
    {
      id: 'for-retailers',
      title: 'For retailers and brands',
      body: (
        <p>
          If you sell fashion or beauty online and deliver to one of our countries, we would like to hear from you. Send
          your product feed in the Google Merchant Center format and we can list your catalogue within days.{' '}
          <ShellLink to="https://sellers.vitrine.example/">Sell with us</ShellLink> or write to{' '}
          <Mail to={PARTNERS_EMAIL} />.
        </p>
      ),
    },
  ],
};
