import { menu } from '../lib/categories';
import { t } from '../lib/i18n';
import { usePlainLinks } from '../lib/plain-links';
import { shopInfo } from '../lib/shop';

/** The shop's own returns (the account's Returns), unless SHOP_RMA_URL names an outside page. */
function RmaLink() {
  const url = shopInfo().rmaUrl;
  return url ? (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {t('common:footer.rma')}
    </a>
  ) : (
    <a href="/acer/account/returns">{t('common:footer.rma')}</a>
  );
}

export function Footer() {
  // Its links are plain, followed by the router (lib/plain-links.ts).
  const links = usePlainLinks<HTMLElement>();
  return (
    <footer className="site-footer" ref={links}>
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-help">
          <h2 id="footer-help">{t('common:footer.help')}</h2>
          <ul>
            <li>
              <a href="/acer/contact-us">{t('common:footer.contact')}</a>
            </li>
            <li>
              <RmaLink />
            </li>
            <li>
              <a href="/acer/location">{t('common:footer.location')}</a>
            </li>
            <li>
              <a href="/acer/faq">{t('common:footer.faq')}</a>
            </li>
            <li>
              <a href="/acer/warranty">{t('common:footer.warranty')}</a>
            </li>
            <li>
              <a href="/acer/extended-warranty/main">{t('common:footer.extendedWarranty')}</a>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-shop">
          <h2 id="footer-shop">{t('common:footer.shop')}</h2>
          <ul className="site-footer__categories">
            {menu().map((entry) => (
              <li key={entry.name}>
                <a href={entry.path}>{entry.label}</a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{t('common:footer.about')}</h2>
          <ul>
            <li>
              <a href="/acer/blog">{t('common:footer.blog')}</a>
            </li>
            <li>
              <a href="/acer/subscribe">{t('common:footer.subscribe')}</a>
            </li>
            <li>
              <a href="/acer/term-of-sale">{t('common:footer.terms')}</a>
            </li>
            <li>
              <a href="/acer/legal-notice">{t('common:footer.legal')}</a>
            </li>
          </ul>
        </section>
      </div>
      <p className="site-footer__copy">{t('common:footer.copyright')}</p>
    </footer>
  );
}
