import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { shopInfo, telHref } from '../../lib/shop';
import { usePageTitle } from '../../lib/title';
import './static.css';

interface Faq {
  question: string;
  answer: ReactNode;
}

interface FaqGroup {
  title: string;
  items: Faq[];
}

function faqGroups(): FaqGroup[] {
  const { phone, email, salesEmail } = shopInfo();
  return [
    {
      title: 'Ordering and pricing',
      items: [
        {
          question: 'How do I place an order?',
          answer: (
            <>
              <p>
                <Link to="/acer/signin">Sign in</Link> with your Customer ID and password, add the products
                you need to your cart and go to checkout. At checkout, enter your purchase order (PO) number
                (1 to 50 characters), choose a shipping address and a billing address, and select Standard
                shipping or Pick Up.
              </p>
              <p>
                Your PO number appears on your order and on the invoice, so it is easy to match with your
                records.
              </p>
            </>
          ),
        },
        {
          question: 'Why can’t I see prices?',
          answer: (
            <>
              <p>
                We are a business-to-business store and every customer has personal pricing. Prices are shown
                once you sign in, and they reflect the terms of your business account.
              </p>
              <p>
                Don’t have an account yet? Business accounts are opened by our sales team. Write to{' '}
                <a href={`mailto:${salesEmail}`}>{salesEmail}</a> and we will get you set up.
              </p>
            </>
          ),
        },
        {
          question: 'Is shipping charged at checkout?',
          answer: (
            <p>
              No. Checkout shows your products and the applicable sales tax only. Shipping is calculated for
              your actual shipment and added to your invoice.
            </p>
          ),
        },
        {
          question: 'Can I change the details of my account?',
          answer: (
            <p>
              You can change your password at any time under Account Settings. Other account details, such as
              your company name or e-mail address, are updated by our support team: just{' '}
              <Link to="/acer/contact-us">send us a message</Link> with the changes you need.
            </p>
          ),
        },
      ],
    },
    {
      title: 'Product conditions and warranty',
      items: [
        {
          question: 'What do Brand New, Recertified and Scratch & Dent mean?',
          answer: (
            <ul>
              <li>
                <strong>Brand New</strong>: new, unused products in their original packaging.
              </li>
              <li>
                <strong>Recertified</strong>: products that have been inspected, tested, repaired where needed
                and cleaned to work like new. They may show minor signs of previous handling.
              </li>
              <li>
                <strong>Scratch &amp; Dent</strong>: fully working products with cosmetic marks such as
                scratches, scuffs or small dents, offered at a lower price.
              </li>
            </ul>
          ),
        },
        {
          question: 'What warranty comes with my purchase?',
          answer: (
            <p>
              Our products come with a 90-day limited warranty from the date of purchase. Batteries are
              covered for 1 year. See our <Link to="/acer/warranty">warranty policy</Link> for the details.
            </p>
          ),
        },
        {
          question: 'Are open-box products covered?',
          answer: <p>Yes. Open-box products come with a 1-year factory warranty.</p>,
        },
        {
          question: 'Can I buy an extended warranty?',
          answer: (
            <p>
              Yes. Extended warranty plans are offered through our extended warranty partner and must be
              purchased within 30 days of your order. Learn more on our{' '}
              <Link to="/acer/extended-warranty/main">extended warranty page</Link>.
            </p>
          ),
        },
      ],
    },
    {
      title: 'Returns and refunds',
      items: [
        {
          question: 'How do I return a product?',
          answer: (
            <>
              <p>
                Products can be returned within 30 days of delivery. Every return needs a Return Merchandise
                Authorization (RMA) number before it is shipped back: please{' '}
                <Link to="/acer/contact-us">contact us</Link> with your order number to request one.
              </p>
              <p>
                Returned products must be in like-new condition with all parts and accessories. Return
                shipping is paid by the buyer. Full details are in our{' '}
                <Link to="/acer/term-of-sale">terms of sale</Link>.
              </p>
            </>
          ),
        },
        {
          question: 'When will I get my refund?',
          answer: (
            <p>
              Approved refunds are issued within 14 days of receiving your return and go back to the original
              payment method. Shipping and handling and other non-cancellable charges may be deducted.
            </p>
          ),
        },
      ],
    },
    {
      title: 'Shipping',
      items: [
        {
          question: 'How long does shipping take?',
          answer: (
            <p>
              Orders usually arrive within 5 to 7 days. All orders ship with our carrier partner, and you can
              always check the status of an order in your account.
            </p>
          ),
        },
        {
          question: 'Do you ship to PO boxes?',
          answer: (
            <p>
              No. We cannot deliver to PO boxes. Please use a street address where someone can receive the
              shipment.
            </p>
          ),
        },
        {
          question: 'What if my shipment arrives damaged?',
          answer: (
            <p>
              Keep the packaging and report the damage within 7 days of delivery through our{' '}
              <Link to="/acer/contact-us">contact form</Link>, with your order number and a few photos. We
              will take it from there.
            </p>
          ),
        },
      ],
    },
    {
      title: 'Support',
      items: [
        {
          question: 'When is your support team available?',
          answer: (
            <p>
              Our team is available Monday to Friday, 9AM to 5PM EST. Call us at{' '}
              <a href={telHref(phone)}>{phone}</a>, e-mail <a href={`mailto:${email}`}>{email}</a> or use our{' '}
              <Link to="/acer/contact-us">contact form</Link>. Messages received outside these hours are
              answered on the next business day.
            </p>
          ),
        },
      ],
    },
  ];
}

export default function FaqPage() {
  usePageTitle('FAQ');
  const groups = faqGroups();

  return (
    <div className="static-page faq">
      <Breadcrumbs items={[{ name: 'FAQ', pathname: '/faq' }]} />
      <h1>Frequently Asked Questions</h1>
      <p className="static-page__lead">
        Answers to the questions our business customers ask most often. Can’t find what you are looking for?{' '}
        <Link to="/acer/contact-us">Contact us</Link>.
      </p>
      {groups.map((group) => (
        <section key={group.title} aria-labelledby={`faq-${slug(group.title)}`}>
          <h2 id={`faq-${slug(group.title)}`}>{group.title}</h2>
          {group.items.map((item) => (
            <details key={item.question} className="faq__item">
              <summary>{item.question}</summary>
              <div className="faq__answer">{item.answer}</div>
            </details>
          ))}
        </section>
      ))}
    </div>
  );
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
