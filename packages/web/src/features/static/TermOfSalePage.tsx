import { Link, useLocation } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { usePageTitle } from '../../lib/title';
import './static.css';

export default function TermOfSalePage() {
  usePageTitle('Terms of Sale');
  const location = useLocation();

  return (
    <div className="static-page terms-of-sale">
      <Breadcrumbs items={[{ name: 'Terms of Sale', pathname: '/term-of-sale' }]} />
      <h1>Terms of Sale</h1>
      <p className="static-page__updated">
        Last updated: <time dateTime="2011-12-01">December 1, 2011</time>
      </p>
      <p className="static-page__lead">
        These terms apply to every purchase made through our store. Please read them carefully before placing
        an order. By placing an order, you accept these terms.
      </p>

      <section aria-labelledby="terms-returns">
        <h2 id="terms-returns">Returns</h2>
        <ul>
          <li>Products may be returned within 30 days of delivery.</li>
          <li>
            Every return must be authorized in advance. Please request a Return Merchandise Authorization
            (RMA) number before shipping anything back to us. Returns received without an RMA number may be
            refused.
          </li>
          <li>
            The buyer pays the return shipping costs and bears the risk of loss or damage while the product is
            in transit back to us. We recommend an insured, trackable shipping method.
          </li>
        </ul>
      </section>

      <section aria-labelledby="terms-refunds">
        <h2 id="terms-refunds">Refunds</h2>
        <p>The following may be deducted from a refund:</p>
        <ul>
          <li>shipping and handling charges;</li>
          <li>the value of missing parts, accessories, manuals or packaging;</li>
          <li>depreciation, when the product has been used or shows wear;</li>
          <li>any other charges that cannot be cancelled.</li>
        </ul>
        <p>
          Returned products must be in like-new condition, with all original parts and accessories. Products
          returned in any other condition may be subject to a fee.
        </p>
      </section>

      <section aria-labelledby="terms-warranty">
        <h2 id="terms-warranty">Limited warranty</h2>
        <p>
          Products are covered by a 90-day limited warranty starting on the date of purchase. The warranty is
          extended to the original purchaser only and cannot be transferred.
        </p>
        <p>
          If a product is found to be defective during the warranty period, we will repair it, replace it or
          refund the purchase price, at our option. A dated invoice is required for any warranty claim.
        </p>
        <p>
          For more information, see our <Link to="/acer/warranty">warranty policy</Link>.
        </p>
      </section>

      <section aria-labelledby="terms-pricing">
        <h2 id="terms-pricing">Pricing and orders</h2>
        <ul>
          <li>
            We make every effort to display accurate prices and product information. Errors may still occur,
            and we reserve the right to correct any price, even after an order has been placed.
          </li>
          <li>
            We reserve the right to refuse any order, and to limit the quantities sold per person, per
            household or per order.
          </li>
          <li>
            The confirmation of an order does not mean that the order has been accepted. We may cancel or
            decline an order after it has been confirmed; any payment received is then refunded to the
            original payment method.
          </li>
        </ul>
      </section>

      <section aria-labelledby="terms-taxes">
        <h2 id="terms-taxes">Taxes and fees</h2>
        <p>
          Applicable sales taxes and recycling fees are added to the total of your order. Sales tax is based
          on the province of the shipping address.
        </p>
      </section>

      <section aria-labelledby="terms-contact">
        <h2 id="terms-contact">Questions</h2>
        <p>
          If you have questions about these terms or need an RMA number, our team is here to help Monday to
          Friday, 9AM to 5PM EST.
        </p>
        <p>
          <Link to="/acer/contact-us" state={{ from: location.pathname }}>
            Contact Us
          </Link>
        </p>
      </section>
    </div>
  );
}
