import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { shopInfo, telHref } from '../../lib/shop';
import { usePageTitle } from '../../lib/title';
import './static.css';

export default function WarrantyPage() {
  usePageTitle('Warranty');
  const { phone, email } = shopInfo();

  return (
    <div className="static-page warranty">
      <Breadcrumbs items={[{ name: 'Warranty', pathname: '/warranty' }]} />
      <h1>Warranty Policy</h1>
      <p className="static-page__lead">
        Every computer we sell, whether brand new, recertified or scratch &amp; dent, is tested before it
        ships and is backed by our warranty.
      </p>

      <section aria-labelledby="warranty-coverage">
        <h2 id="warranty-coverage">Warranty coverage</h2>
        <ul>
          <li>
            <strong>90-day limited warranty</strong> on our products, starting on the date of purchase.
          </li>
          <li>
            <strong>Batteries</strong> are covered for <strong>1 year</strong>.
          </li>
          <li>
            <strong>Open-box products</strong> come with a <strong>1-year factory warranty</strong>.
          </li>
        </ul>
        <p>
          The warranty applies to the original purchaser only. During the warranty period we will repair,
          replace or refund a defective product, at our option. A copy of your dated invoice is required for
          any warranty service.
        </p>
      </section>

      <section aria-labelledby="warranty-exclusions">
        <h2 id="warranty-exclusions">What the warranty does not cover</h2>
        <ul>
          <li>Accidental damage, liquid damage, misuse or abuse.</li>
          <li>Damage caused by unauthorized repairs or modifications.</li>
          <li>Cosmetic wear, including the marks described on scratch &amp; dent products.</li>
          <li>Software, data loss and viruses.</li>
        </ul>
      </section>

      <section aria-labelledby="warranty-returns">
        <h2 id="warranty-returns">Returns and refunds</h2>
        <ul>
          <li>Products may be returned within 30 days of delivery.</li>
          <li>
            Every return requires a Return Merchandise Authorization (RMA) number issued by our team before
            the product is shipped back.
          </li>
          <li>Approved refunds are issued within 14 days of receiving the returned product.</li>
          <li>Returned products must be in like-new condition, with all parts and accessories.</li>
        </ul>
        <p>
          Full return conditions are described in our <Link to="/acer/term-of-sale">terms of sale</Link>.
        </p>
      </section>

      <section aria-labelledby="warranty-shipping">
        <h2 id="warranty-shipping">Damaged in shipping</h2>
        <p>
          Please inspect your order when it arrives. Damage that happened in transit must be reported to us
          within 7 days of delivery. Keep the original packaging until the claim is settled.
        </p>
      </section>

      <section aria-labelledby="warranty-extended">
        <h2 id="warranty-extended">Extended warranty</h2>
        <p>
          Want protection beyond the standard warranty? Extended warranty plans are available through our
          extended warranty partner and must be purchased within 30 days of your order.
        </p>
        <p>
          <Link to="/acer/extended-warranty/main">Learn about our extended warranty plans</Link>
        </p>
      </section>

      <section aria-labelledby="warranty-service">
        <h2 id="warranty-service">How to get warranty service</h2>
        <ol>
          <li>Have your order number, invoice and the product’s serial number ready.</li>
          <li>
            <Link to="/acer/contact-us">Contact us</Link> and describe the problem. Our team will troubleshoot
            with you and, if needed, issue an RMA number.
          </li>
          <li>Ship the product back with the RMA number clearly marked on the package.</li>
        </ol>
        <p className="static-page__note">
          Our support team is available Monday to Friday, 9AM to 5PM EST, at{' '}
          <a href={telHref(phone)}>{phone}</a> or <a href={`mailto:${email}`}>{email}</a>.
        </p>
      </section>
    </div>
  );
}
