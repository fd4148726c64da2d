import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { t } from '../../lib/i18n';
import { usePageTitle } from '../../lib/title';
import { ClaimSection } from '../warranty-claims';
import './static.css';

type SectionKey = 'main' | 'what-covered' | 'how-to-claim' | 'locate-serial-number' | 'terms-and-conditions';

const CLAIM_SESSION = 'submit-warranty-claim';

const sectionKeys: SectionKey[] = [
  'main',
  'what-covered',
  'how-to-claim',
  'locate-serial-number',
  'terms-and-conditions',
];

function sectionTitle(key: SectionKey): string {
  return t(`extended-warranty:section.${key}`);
}

function isSectionKey(value: string | undefined): value is SectionKey {
  return value !== undefined && (sectionKeys as string[]).includes(value);
}

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

function MainSection() {
  return (
    <>
      <h2>{t('extended-warranty:main.title')}</h2>
      <p>{t('extended-warranty:main.intro')}</p>
      <h3>{t('extended-warranty:main.why.title')}</h3>
      <Items prefix="extended-warranty:main.why" items={['repairs', 'parts', 'claims', 'products']} />
      <h3>{t('extended-warranty:main.when.title')}</h3>
      <p>
        {t('extended-warranty:main.when.before')}
        <Link to="/acer/category/Warranty">{t('extended-warranty:main.when.link')}</Link>
        {t('extended-warranty:main.when.after')}
      </p>
      <h3>{t('extended-warranty:main.claim.title')}</h3>
      <p>
        {t('extended-warranty:main.claim.before')}
        <Link to="/acer/extended-warranty/how-to-claim">{t('extended-warranty:main.claim.howLink')}</Link>
        {t('extended-warranty:main.claim.then')}
        <Link to={`/acer/extended-warranty/${CLAIM_SESSION}`}>
          {t('extended-warranty:main.claim.submitLink')}
        </Link>
        {t('extended-warranty:main.claim.serial')}
        <Link to="/acer/extended-warranty/locate-serial-number">
          {t('extended-warranty:main.claim.locateLink')}
        </Link>
        {t('extended-warranty:main.claim.after')}
      </p>
    </>
  );
}

function WhatCoveredSection() {
  return (
    <>
      <h2>{t('extended-warranty:covered.title')}</h2>
      <p>{t('extended-warranty:covered.intro')}</p>
      <h3>{t('extended-warranty:covered.yes.title')}</h3>
      <Items
        prefix="extended-warranty:covered.yes"
        items={['failures', 'defects', 'components', 'displays', 'keyboards']}
      />
      <h3>{t('extended-warranty:covered.no.title')}</h3>
      <Items
        prefix="extended-warranty:covered.no"
        items={['accidents', 'loss', 'cosmetic', 'software', 'consumables', 'misuse', 'preexisting']}
      />
      <p>
        {t('extended-warranty:covered.terms.before')}
        <Link to="/acer/extended-warranty/terms-and-conditions">
          {t('extended-warranty:covered.terms.link')}
        </Link>
        {t('extended-warranty:covered.terms.after')}
      </p>
    </>
  );
}

function HowToClaimSection() {
  return (
    <>
      <h2>{t('extended-warranty:claim.title')}</h2>
      <p>{t('extended-warranty:claim.intro')}</p>
      <ol>
        <li>
          <strong>{t('extended-warranty:claim.gather.title')}</strong>
          {t('extended-warranty:claim.gather.text')}
          <Link to="/acer/extended-warranty/locate-serial-number">
            {t('extended-warranty:claim.gather.link')}
          </Link>
          {t('extended-warranty:claim.gather.after')}
        </li>
        <li>
          <strong>{t('extended-warranty:claim.submit.title')}</strong>
          {t('extended-warranty:claim.submit.text')}
          <Link to={`/acer/extended-warranty/${CLAIM_SESSION}`}>
            {t('extended-warranty:claim.submit.link')}
          </Link>
          {t('extended-warranty:claim.submit.after')}
        </li>
        {['confirm', 'send', 'repair'].map((step) => (
          <li key={step}>
            <strong>{t(`extended-warranty:claim.${step}.title`)}</strong>
            {t(`extended-warranty:claim.${step}.text`)}
          </li>
        ))}
      </ol>
      <p className="static-page__note">
        {t('extended-warranty:claim.note.before')}
        <Link to="/acer/contact-us">{t('extended-warranty:claim.note.link')}</Link>
        {t('extended-warranty:claim.note.after')}
      </p>
    </>
  );
}

const SERIAL_PRODUCTS: { key: string; items: string[] }[] = [
  { key: 'notebooks', items: ['bottom', 'battery', 'app'] },
  { key: 'desktops', items: ['case', 'aio', 'app'] },
  { key: 'monitors', items: ['back', 'menu'] },
  { key: 'tablets', items: ['back', 'settings'] },
];

function LocateSerialSection() {
  return (
    <>
      <h2>{t('extended-warranty:serial.title')}</h2>
      <p>{t('extended-warranty:serial.intro')}</p>
      <div className="serial-grid">
        {SERIAL_PRODUCTS.map((product) => (
          <div key={product.key}>
            <h3>{t(`extended-warranty:serial.${product.key}.title`)}</h3>
            <Items prefix={`extended-warranty:serial.${product.key}`} items={product.items} />
          </div>
        ))}
      </div>
      <h3>{t('extended-warranty:serial.windows.title')}</h3>
      <p>
        {t('extended-warranty:serial.windows.before')}
        <code>Get-CimInstance Win32_BIOS | Select-Object SerialNumber</code>
        {t('extended-warranty:serial.windows.after')}
      </p>
    </>
  );
}

function TermsSection() {
  return (
    <>
      <h2>{t('extended-warranty:terms.title')}</h2>
      <p>{t('extended-warranty:terms.intro')}</p>
      <h3>{t('extended-warranty:terms.eligibility.title')}</h3>
      <Items prefix="extended-warranty:terms.eligibility" items={['window', 'type', 'single']} />
      <h3>{t('extended-warranty:terms.period.title')}</h3>
      <Items prefix="extended-warranty:terms.period" items={['term', 'start']} />
      <h3>{t('extended-warranty:terms.claims.title')}</h3>
      <Items
        prefix="extended-warranty:terms.claims"
        items={['proof', 'confirmation', 'repairs', 'replacement', 'data']}
      />
      <h3>{t('extended-warranty:terms.exclusions.title')}</h3>
      <p>
        {t('extended-warranty:terms.exclusions.before')}
        <Link to="/acer/extended-warranty/what-covered">{t('extended-warranty:terms.exclusions.link')}</Link>
        {t('extended-warranty:terms.exclusions.after')}
      </p>
      <h3>{t('extended-warranty:terms.cancellation.title')}</h3>
      <p>
        {t('extended-warranty:terms.cancellation.before')}
        <Link to="/acer/contact-us">{t('extended-warranty:terms.cancellation.link')}</Link>
        {t('extended-warranty:terms.cancellation.after')}
      </p>
    </>
  );
}

const sections: Record<SectionKey, () => ReactNode> = {
  main: MainSection,
  'what-covered': WhatCoveredSection,
  'how-to-claim': HowToClaimSection,
  'locate-serial-number': LocateSerialSection,
  'terms-and-conditions': TermsSection,
};

export default function ExtendedWarrantyPage() {
  const { session } = useParams();
  const shown: SectionKey = isSectionKey(session) ? session : 'main';
  const current = session === CLAIM_SESSION ? CLAIM_SESSION : shown;
  const claiming = session === CLAIM_SESSION;
  const Section = claiming ? ClaimSection : sections[shown];
  const title = t('extended-warranty:title');

  const sectionName = claiming ? t('warranty-claims:form.title') : sectionTitle(shown);
  usePageTitle(
    shown === 'main' && !claiming ? title : t('extended-warranty:sectionPageTitle', { section: sectionName }),
  );

  const crumbs = claiming
    ? [
        { name: title, pathname: '/extended-warranty/main' },
        { name: sectionName, pathname: `/extended-warranty/${CLAIM_SESSION}` },
      ]
    : shown === 'main'
      ? [{ name: title, pathname: `/extended-warranty/${session ?? 'main'}` }]
      : [
          { name: title, pathname: '/extended-warranty/main' },
          { name: sectionTitle(shown), pathname: `/extended-warranty/${shown}` },
        ];

  return (
    <div className="static-page extended-warranty">
      <Breadcrumbs items={crumbs} />
      <h1>{title}</h1>
      <div className="static-page__layout">
        <nav className="side-nav" aria-label={t('extended-warranty:nav.label')}>
          <ul>
            {sectionKeys.map((key) => (
              <li key={key}>
                <Link
                  to={`/acer/extended-warranty/${key}`}
                  aria-current={current === key ? 'page' : undefined}
                >
                  {key === 'main' ? t('extended-warranty:nav.overview') : sectionTitle(key)}
                </Link>
              </li>
            ))}
            <li>
              <Link
                to={`/acer/extended-warranty/${CLAIM_SESSION}`}
                className="side-nav__claim"
                aria-current={current === CLAIM_SESSION ? 'page' : undefined}
              >
                {t('extended-warranty:nav.claim')}
              </Link>
            </li>
          </ul>
        </nav>
        <section
          className="extended-warranty__content"
          aria-label={sectionName}
          id={claiming ? CLAIM_SESSION : undefined}
        >
          <Section />
        </section>
      </div>
    </div>
  );
}
