import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { t } from '../../lib/i18n';
import { shopInfo, telHref } from '../../lib/shop';
import { usePageTitle } from '../../lib/title';
import './static.css';

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

export default function LegalNoticePage() {
  usePageTitle(t('legal:title'));
  const { phone, email, address } = shopInfo();

  return (
    <div className="static-page legal-notice">
      <Breadcrumbs items={[{ name: t('legal:title'), pathname: '/legal-notice' }]} />
      <h1>{t('legal:heading')}</h1>
      <p className="static-page__lead">{t('legal:lead')}</p>
      <p>{t('legal:agreement')}</p>

      <section aria-labelledby="privacy-collection">
        <h2 id="privacy-collection">{t('legal:collection.title')}</h2>
        <p>{t('legal:collection.intro')}</p>
        <h3>{t('legal:collection.order.title')}</h3>
        <p>{t('legal:collection.order.intro')}</p>
        <Items
          prefix="legal:collection.order"
          items={['name', 'addresses', 'email', 'phone', 'payment', 'password']}
        />
        <h3>{t('legal:collection.newsletter.title')}</h3>
        <p>{t('legal:collection.newsletter.text')}</p>
        <h3>{t('legal:collection.browsing.title')}</h3>
        <p>{t('legal:collection.browsing.text')}</p>
      </section>

      <section aria-labelledby="privacy-use">
        <h2 id="privacy-use">{t('legal:use.title')}</h2>
        <p>{t('legal:use.intro')}</p>
        <Items
          prefix="legal:use"
          items={['orders', 'account', 'support', 'newsletter', 'fraud', 'improve']}
        />
        <p>{t('legal:use.noSale')}</p>
      </section>

      <section aria-labelledby="privacy-sharing">
        <h2 id="privacy-sharing">{t('legal:sharing.title')}</h2>
        <p>{t('legal:sharing.intro')}</p>
        <Items prefix="legal:sharing" items={['payment', 'processing', 'shipping']} />
        <p>{t('legal:sharing.limits')}</p>
      </section>

      <section aria-labelledby="privacy-updating">
        <h2 id="privacy-updating">{t('legal:updating.title')}</h2>
        <p>
          {t('legal:updating.review.before')}
          <Link to="/acer/contact-us">{t('legal:updating.review.link')}</Link>
          {t('legal:updating.review.after')}
        </p>
        <p>{t('legal:updating.records')}</p>
        <p>{t('legal:updating.unsubscribe')}</p>
      </section>

      <section aria-labelledby="privacy-security">
        <h2 id="privacy-security">{t('legal:security.title')}</h2>
        <p>{t('legal:security.measures')}</p>
        <p>{t('legal:security.internet')}</p>
      </section>

      <section aria-labelledby="privacy-cookies">
        <h2 id="privacy-cookies">{t('legal:cookies.title')}</h2>
        <p>{t('legal:cookies.what')}</p>
        <p>{t('legal:cookies.required')}</p>
      </section>

      <section aria-labelledby="privacy-links">
        <h2 id="privacy-links">{t('legal:links.title')}</h2>
        <p>{t('legal:links.text')}</p>
      </section>

      <section aria-labelledby="privacy-contact">
        <h2 id="privacy-contact">{t('legal:contact.title')}</h2>
        <p>{t('legal:contact.intro')}</p>
        <ul>
          <li>
            {t('legal:contact.email')}
            <a href={`mailto:${email}`}>{email}</a>
          </li>
          <li>
            {t('legal:contact.phone.before')}
            <a href={telHref(phone)}>{phone}</a>
            {t('legal:contact.phone.after')}
          </li>
          <li>
            {t('legal:contact.form.before')}
            <Link to="/acer/contact-us">{t('legal:contact.form.link')}</Link>
            {t('legal:contact.form.after')}
          </li>
          <li>
            {t('legal:contact.mail')}
            {address}
          </li>
        </ul>
      </section>

      <section aria-labelledby="privacy-changes">
        <h2 id="privacy-changes">{t('legal:changes.title')}</h2>
        <p>{t('legal:changes.text')}</p>
      </section>
    </div>
  );
}
