import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { t } from '../../lib/i18n';
import { shopInfo, telHref } from '../../lib/shop';
import { usePageTitle } from '../../lib/title';
import './static.css';

const EXCLUSIONS = ['accidents', 'repairs', 'cosmetic', 'software'];
const RETURNS = ['window', 'rma', 'refunds', 'condition'];

export default function WarrantyPage() {
  usePageTitle(t('warranty:title'));
  const { phone, email } = shopInfo();

  return (
    <div className="static-page warranty">
      <Breadcrumbs items={[{ name: t('warranty:title'), pathname: '/warranty' }]} />
      <h1>{t('warranty:heading')}</h1>
      <p className="static-page__lead">{t('warranty:lead')}</p>

      <section aria-labelledby="warranty-coverage">
        <h2 id="warranty-coverage">{t('warranty:coverage.title')}</h2>
        <ul>
          <li>
            <strong>{t('warranty:coverage.limited.strong')}</strong>
            {t('warranty:coverage.limited.after')}
          </li>
          <li>
            <strong>{t('warranty:coverage.batteries.strong')}</strong>
            {t('warranty:coverage.batteries.middle')}
            <strong>{t('warranty:coverage.batteries.term')}</strong>
            {t('warranty:coverage.batteries.after')}
          </li>
          <li>
            <strong>{t('warranty:coverage.openBox.strong')}</strong>
            {t('warranty:coverage.openBox.middle')}
            <strong>{t('warranty:coverage.openBox.term')}</strong>
            {t('warranty:coverage.openBox.after')}
          </li>
        </ul>
        <p>{t('warranty:coverage.terms')}</p>
      </section>

      <section aria-labelledby="warranty-exclusions">
        <h2 id="warranty-exclusions">{t('warranty:exclusions.title')}</h2>
        <ul>
          {EXCLUSIONS.map((key) => (
            <li key={key}>{t(`warranty:exclusions.${key}`)}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="warranty-returns">
        <h2 id="warranty-returns">{t('warranty:returns.title')}</h2>
        <ul>
          {RETURNS.map((key) => (
            <li key={key}>{t(`warranty:returns.${key}`)}</li>
          ))}
        </ul>
        <p>
          {t('warranty:returns.terms.before')}
          <Link to="/acer/term-of-sale">{t('warranty:returns.terms.link')}</Link>
          {t('warranty:returns.terms.after')}
        </p>
      </section>

      <section aria-labelledby="warranty-shipping">
        <h2 id="warranty-shipping">{t('warranty:shipping.title')}</h2>
        <p>{t('warranty:shipping.text')}</p>
      </section>

      <section aria-labelledby="warranty-extended">
        <h2 id="warranty-extended">{t('warranty:extended.title')}</h2>
        <p>{t('warranty:extended.text')}</p>
        <p>
          <Link to="/acer/extended-warranty/main">{t('warranty:extended.link')}</Link>
        </p>
      </section>

      <section aria-labelledby="warranty-service">
        <h2 id="warranty-service">{t('warranty:service.title')}</h2>
        <ol>
          <li>{t('warranty:service.step1')}</li>
          <li>
            <Link to="/acer/contact-us">{t('warranty:service.step2.link')}</Link>
            {t('warranty:service.step2.after')}
          </li>
          <li>{t('warranty:service.step3')}</li>
        </ol>
        <p className="static-page__note">
          {t('warranty:service.note.beforePhone')}
          <a href={telHref(phone)}>{phone}</a>
          {t('warranty:service.note.beforeEmail')}
          <a href={`mailto:${email}`}>{email}</a>
          {t('warranty:service.note.after')}
        </p>
      </section>
    </div>
  );
}
