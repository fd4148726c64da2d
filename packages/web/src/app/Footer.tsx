import { Link } from 'react-router';
import { menu } from '../lib/categories';
import { t } from '../lib/i18n';
import { shopInfo } from '../lib/shop';

/** The shop's own returns (the account's Returns), unless SHOP_RMA_URL names an outside page. */
function RmaLink() {
  const url = shopInfo().rmaUrl;
  return url ? (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {t('common:footer.rma')}
    </a>
  ) : (
    <Link to="/acer/account/returns">{t('common:footer.rma')}</Link>
  );
}

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-help">
          <h2 id="footer-help">{t('common:footer.help')}</h2>
          <ul>
            <li>
              <Link to="/acer/contact-us">{t('common:footer.contact')}</Link>
            </li>
            <li>
              <RmaLink />
            </li>
            <li>
              <Link to="/acer/location">{t('common:footer.location')}</Link>
            </li>
            <li>
              <Link to="/acer/faq">{t('common:footer.faq')}</Link>
            </li>
            <li>
              <Link to="/acer/warranty">{t('common:footer.warranty')}</Link>
            </li>
            <li>
              <Link to="/acer/extended-warranty/main">{t('common:footer.extendedWarranty')}</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-shop">
          <h2 id="footer-shop">{t('common:footer.shop')}</h2>
          <ul className="site-footer__categories">
            {menu().map((entry) => (
              <li key={entry.name}>
                <Link to={entry.path}>{entry.label}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{t('common:footer.about')}</h2>
          <ul>
            <li>
              <Link to="/acer/blog">{t('common:footer.blog')}</Link>
            </li>
            <li>
              <Link to="/acer/subscribe">{t('common:footer.subscribe')}</Link>
            </li>
            <li>
              <Link to="/acer/term-of-sale">{t('common:footer.terms')}</Link>
            </li>
            <li>
              <Link to="/acer/legal-notice">{t('common:footer.legal')}</Link>
            </li>
          </ul>
        </section>
      </div>
      <p className="site-footer__copy">{t('common:footer.copyright')}</p>
    </footer>
  );
}
