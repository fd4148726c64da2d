import { Link, useLocation } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { formatDate, t } from '../../lib/i18n';
import { usePageTitle } from '../../lib/title';
import './static.css';

const UPDATED = '2011-12-01';

/** A list of catalogue texts, one item each: `${prefix}.${item}`. */
function Items({ prefix, items }: { prefix: string; items: string[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item}>{t(`${prefix}.${item}`)}</li>
      ))}
    </ul>
  );
}

export default function TermOfSalePage() {
  usePageTitle(t('terms:title'));
  const location = useLocation();

  return (
    <div className="static-page terms-of-sale">
      <Breadcrumbs items={[{ name: t('terms:title'), pathname: '/term-of-sale' }]} />
      <h1>{t('terms:title')}</h1>
      <p className="static-page__updated">
        {t('terms:updated')}
        <time dateTime={UPDATED}>{formatDate(`${UPDATED}T12:00:00`)}</time>
      </p>
      <p className="static-page__lead">{t('terms:lead')}</p>

      <section aria-labelledby="terms-returns">
        <h2 id="terms-returns">{t('terms:returns.title')}</h2>
        <Items prefix="terms:returns" items={['window', 'rma', 'shipping']} />
      </section>

      <section aria-labelledby="terms-refunds">
        <h2 id="terms-refunds">{t('terms:refunds.title')}</h2>
        <p>{t('terms:refunds.intro')}</p>
        <Items prefix="terms:refunds" items={['shipping', 'missing', 'depreciation', 'other']} />
        <p>{t('terms:refunds.condition')}</p>
      </section>

      <section aria-labelledby="terms-warranty">
        <h2 id="terms-warranty">{t('terms:warranty.title')}</h2>
        <p>{t('terms:warranty.coverage')}</p>
        <p>{t('terms:warranty.remedy')}</p>
        <p>
          {t('terms:warranty.more.before')}
          <Link to="/acer/warranty">{t('terms:warranty.more.link')}</Link>
          {t('terms:warranty.more.after')}
        </p>
      </section>

      <section aria-labelledby="terms-pricing">
        <h2 id="terms-pricing">{t('terms:pricing.title')}</h2>
        <Items prefix="terms:pricing" items={['errors', 'refuse', 'confirmation']} />
      </section>

      <section aria-labelledby="terms-taxes">
        <h2 id="terms-taxes">{t('terms:taxes.title')}</h2>
        <p>{t('terms:taxes.text')}</p>
      </section>

      <section aria-labelledby="terms-contact">
        <h2 id="terms-contact">{t('terms:contact.title')}</h2>
        <p>{t('terms:contact.text')}</p>
        <p>
          <Link to="/acer/contact-us" state={{ from: location.pathname }}>
            {t('terms:contact.link')}
          </Link>
        </p>
      </section>
    </div>
  );
}
