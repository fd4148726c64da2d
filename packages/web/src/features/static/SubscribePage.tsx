import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { t } from '../../lib/i18n';
import { usePageTitle } from '../../lib/title';
import './static.css';

function NewsletterIllustration() {
  return (
    <svg
      className="subscribe__image"
      viewBox="0 0 360 260"
      width="360"
      height="260"
      role="img"
      aria-label={t('subscribe:illustration')}
    >
      <rect x="0" y="0" width="360" height="260" rx="16" fill="#f5f5f5" />
      <circle cx="300" cy="56" r="30" fill="#83b81a" opacity="0.25" />
      <circle cx="56" cy="214" r="22" fill="#83b81a" opacity="0.2" />
      <path
        d="M70 120 L180 190 L290 120 L290 226 L70 226 Z"
        fill="#dfe9c9"
        stroke="#2f6b00"
        strokeWidth="3"
      />
      <rect x="96" y="44" width="168" height="150" rx="6" fill="#ffffff" stroke="#555555" strokeWidth="2" />
      <rect x="112" y="60" width="136" height="22" rx="3" fill="#83b81a" />
      <rect x="112" y="94" width="60" height="42" rx="3" fill="#2f6b00" opacity="0.85" />
      <rect x="182" y="96" width="66" height="7" rx="3" fill="#999999" />
      <rect x="182" y="110" width="56" height="7" rx="3" fill="#bbbbbb" />
      <rect x="182" y="124" width="62" height="7" rx="3" fill="#bbbbbb" />
      <rect x="112" y="148" width="136" height="7" rx="3" fill="#bbbbbb" />
      <rect x="112" y="162" width="110" height="7" rx="3" fill="#bbbbbb" />
      <path d="M70 120 L180 190 L70 226 Z" fill="#cddcae" stroke="#2f6b00" strokeWidth="3" />
      <path d="M290 120 L180 190 L290 226 Z" fill="#cddcae" stroke="#2f6b00" strokeWidth="3" />
      <path d="M70 226 L180 168 L290 226 Z" fill="#e6efd3" stroke="#2f6b00" strokeWidth="3" />
      <path d="M300 40 l4 10 10 4 -10 4 -4 10 -4 -10 -10 -4 10 -4 z" fill="#2f6b00" />
    </svg>
  );
}

export default function SubscribePage() {
  usePageTitle(t('subscribe:title'));

  return (
    <div className="static-page subscribe-page">
      <Breadcrumbs items={[{ name: t('subscribe:title'), pathname: '/subscribe' }]} />
      <h1>{t('subscribe:heading')}</h1>
      <div className="subscribe">
        <NewsletterIllustration />
        <div className="subscribe__text">
          <p className="static-page__lead">{t('subscribe:lead')}</p>
          <p>{t('subscribe:newsletter')}</p>
          <p>{t('subscribe:unsubscribe')}</p>
          <p>
            {t('subscribe:privacy.before')}
            <Link to="/acer/legal-notice">{t('subscribe:privacy.link')}</Link>
            {t('subscribe:privacy.after')}
          </p>
        </div>
      </div>
    </div>
  );
}
