import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { t } from '../../lib/i18n';
import { shopInfo, telHref } from '../../lib/shop';
import { usePageTitle } from '../../lib/title';
import './static.css';

export default function LocationPage() {
  usePageTitle(t('location:title'));
  const { phone, email, salesEmail, address } = shopInfo();

  return (
    <div className="static-page location-page">
      <Breadcrumbs items={[{ name: t('location:title'), pathname: '/location' }]} />
      <h1>{t('location:heading')}</h1>
      <div className="location">
        <section className="location__details" aria-labelledby="location-branch">
          <h2 id="location-branch">{t('location:branch')}</h2>
          <p>
            {t('location:intro.before')}
            <Link to="/acer/contact-us">{t('location:intro.link')}</Link>
            {t('location:intro.after')}
          </p>
          <dl>
            <dt>{t('location:phone')}</dt>
            <dd>
              <a href={telHref(phone)}>{phone}</a>
            </dd>
            <dt>{t('location:email')}</dt>
            <dd>
              <a href={`mailto:${email}`}>{email}</a>
            </dd>
            <dt>{t('location:sales')}</dt>
            <dd>
              <a href={`mailto:${salesEmail}`}>{salesEmail}</a>
            </dd>
          </dl>
          <h3>{t('location:address')}</h3>
          <address>{address}</address>
          <h3>{t('location:hours.title')}</h3>
          <p>{t('location:hours.text')}</p>
        </section>
        <div className="location__map">
          <iframe
            title={t('location:map')}
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
