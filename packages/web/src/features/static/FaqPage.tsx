import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { t } from '../../lib/i18n';
import { shopInfo, telHref } from '../../lib/shop';
import { usePageTitle } from '../../lib/title';
import './static.css';

interface Faq {
  key: string;
  answer: ReactNode;
}

interface FaqGroup {
  /** The section's id (the heading's anchor), the same in every language. */
  id: string;
  key: string;
  items: Faq[];
}

function faqGroups(): FaqGroup[] {
  const { phone, email, salesEmail } = shopInfo();
  return [
    {
      id: 'ordering-and-pricing',
      key: 'faq:group.ordering',
      items: [
        {
          key: 'faq:q.placeOrder',
          answer: (
            <>
              <p>
                <Link to="/acer/signin">{t('faq:q.placeOrder.answer.1.link')}</Link>
                {t('faq:q.placeOrder.answer.1.after')}
              </p>
              <p>{t('faq:q.placeOrder.answer.2')}</p>
            </>
          ),
        },
        {
          key: 'faq:q.prices',
          answer: (
            <>
              <p>{t('faq:q.prices.answer.1')}</p>
              <p>
                {t('faq:q.prices.answer.2.before')}
                <a href={`mailto:${salesEmail}`}>{salesEmail}</a>
                {t('faq:q.prices.answer.2.after')}
              </p>
            </>
          ),
        },
        {
          key: 'faq:q.shippingCharge',
          answer: <p>{t('faq:q.shippingCharge.answer')}</p>,
        },
        {
          key: 'faq:q.accountDetails',
          answer: (
            <p>
              {t('faq:q.accountDetails.answer.before')}
              <Link to="/acer/contact-us">{t('faq:q.accountDetails.answer.link')}</Link>
              {t('faq:q.accountDetails.answer.after')}
            </p>
          ),
        },
      ],
    },
    {
      id: 'product-conditions-and-warranty',
      key: 'faq:group.conditions',
      items: [
        {
          key: 'faq:q.conditions',
          answer: (
            <ul>
              {['brandNew', 'recertified', 'scratchDent'].map((condition) => (
                <li key={condition}>
                  <strong>{t(`faq:q.conditions.answer.${condition}.name`)}</strong>
                  {t(`faq:q.conditions.answer.${condition}.text`)}
                </li>
              ))}
            </ul>
          ),
        },
        {
          key: 'faq:q.warranty',
          answer: (
            <p>
              {t('faq:q.warranty.answer.before')}
              <Link to="/acer/warranty">{t('faq:q.warranty.answer.link')}</Link>
              {t('faq:q.warranty.answer.after')}
            </p>
          ),
        },
        {
          key: 'faq:q.openBox',
          answer: <p>{t('faq:q.openBox.answer')}</p>,
        },
        {
          key: 'faq:q.extendedWarranty',
          answer: (
            <p>
              {t('faq:q.extendedWarranty.answer.before')}
              <Link to="/acer/extended-warranty/main">{t('faq:q.extendedWarranty.answer.link')}</Link>
              {t('faq:q.extendedWarranty.answer.after')}
            </p>
          ),
        },
      ],
    },
    {
      id: 'returns-and-refunds',
      key: 'faq:group.returns',
      items: [
        {
          key: 'faq:q.return',
          answer: (
            <>
              <p>
                {t('faq:q.return.answer.1.before')}
                <Link to="/acer/contact-us">{t('faq:q.return.answer.1.link')}</Link>
                {t('faq:q.return.answer.1.after')}
              </p>
              <p>
                {t('faq:q.return.answer.2.before')}
                <Link to="/acer/term-of-sale">{t('faq:q.return.answer.2.link')}</Link>
                {t('faq:q.return.answer.2.after')}
              </p>
            </>
          ),
        },
        {
          key: 'faq:q.refund',
          answer: <p>{t('faq:q.refund.answer')}</p>,
        },
      ],
    },
    {
      id: 'shipping',
      key: 'faq:group.shipping',
      items: [
        {
          key: 'faq:q.shippingTime',
          answer: <p>{t('faq:q.shippingTime.answer')}</p>,
        },
        {
          key: 'faq:q.poBoxes',
          answer: <p>{t('faq:q.poBoxes.answer')}</p>,
        },
        {
          key: 'faq:q.damaged',
          answer: (
            <p>
              {t('faq:q.damaged.answer.before')}
              <Link to="/acer/contact-us">{t('faq:q.damaged.answer.link')}</Link>
              {t('faq:q.damaged.answer.after')}
            </p>
          ),
        },
      ],
    },
    {
      id: 'support',
      key: 'faq:group.support',
      items: [
        {
          key: 'faq:q.support',
          answer: (
            <p>
              {t('faq:q.support.answer.beforePhone')}
              <a href={telHref(phone)}>{phone}</a>
              {t('faq:q.support.answer.beforeEmail')}
              <a href={`mailto:${email}`}>{email}</a>
              {t('faq:q.support.answer.beforeLink')}
              <Link to="/acer/contact-us">{t('faq:q.support.answer.link')}</Link>
              {t('faq:q.support.answer.after')}
            </p>
          ),
        },
      ],
    },
  ];
}

export default function FaqPage() {
  usePageTitle(t('faq:title'));
  const groups = faqGroups();

  return (
    <div className="static-page faq">
      <Breadcrumbs items={[{ name: t('faq:title'), pathname: '/faq' }]} />
      <h1>{t('faq:heading')}</h1>
      <p className="static-page__lead">
        {t('faq:lead.before')}
        <Link to="/acer/contact-us">{t('faq:lead.link')}</Link>
        {t('faq:lead.after')}
      </p>
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`faq-${group.id}`}>
          <h2 id={`faq-${group.id}`}>{t(group.key)}</h2>
          {group.items.map((item) => (
            <details key={item.key} className="faq__item">
              <summary>{t(`${item.key}.question`)}</summary>
              <div className="faq__answer">{item.answer}</div>
            </details>
          ))}
        </section>
      ))}
    </div>
  );
}
