import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { shopInfo, telHref } from '../../lib/shop';
import { usePageTitle } from '../../lib/title';
import './static.css';

export default function LocationPage() {
  usePageTitle('Our Location');
  const { phone, email, salesEmail, address } = shopInfo();

  return (
    <div className="static-page location-page">
      <Breadcrumbs items={[{ name: 'Our Location', pathname: '/location' }]} />
      <h1>Get in touch</h1>
      <div className="location">
        <section className="location__details" aria-labelledby="location-branch">
          <h2 id="location-branch">Richmond Hill, Ontario, Canada</h2>
          <p>
            Our team serves business customers across Canada from our branch in Richmond Hill, Ontario. Call
            us, send us an e-mail or use our <Link to="/acer/contact-us">contact form</Link>.
          </p>
          <dl>
            <dt>Phone</dt>
            <dd>
              <a href={telHref(phone)}>{phone}</a>
            </dd>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${email}`}>{email}</a>
            </dd>
            <dt>Sales</dt>
            <dd>
              <a href={`mailto:${salesEmail}`}>{salesEmail}</a>
            </dd>
          </dl>
          <h3>Address</h3>
          <address>{address}</address>
          <h3>Hours</h3>
          <p>Monday to Friday, 9AM to 5PM EST</p>
        </section>
        <div className="location__map">
          <iframe
            title="Map of our Richmond Hill location"
            width="400"
            height="300"
            loading="lazy"
            src="https://www.openstreetmap.org/export/embed.html?bbox=-79.45%2C43.83%2C-79.36%2C43.87&layer=mapnik&marker=43.85%2C-79.40"
          />
        </div>
      </div>
    </div>
  );
}
