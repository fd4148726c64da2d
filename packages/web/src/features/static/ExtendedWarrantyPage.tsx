import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { usePageTitle } from '../../lib/title';
import './static.css';

type SectionKey = 'main' | 'what-covered' | 'how-to-claim' | 'locate-serial-number' | 'terms-and-conditions';

const CLAIM_SESSION = 'submit-warranty-claim';

const sectionTitles: Record<SectionKey, string> = {
  main: 'Extended Warranty',
  'what-covered': 'What’s Covered',
  'how-to-claim': 'How to Claim',
  'locate-serial-number': 'Locate Serial Number',
  'terms-and-conditions': 'Terms and Conditions',
};

const sectionKeys = Object.keys(sectionTitles) as SectionKey[];

function isSectionKey(value: string | undefined): value is SectionKey {
  return value !== undefined && (sectionKeys as string[]).includes(value);
}

function MainSection() {
  return (
    <>
      <h2>Protect your business beyond the standard warranty</h2>
      <p>
        Every product we sell includes our 90-day limited warranty. For longer peace of mind, we offer
        extended warranty plans provided by our extended warranty partner, a specialist in repair coverage for
        business computers.
      </p>
      <h3>Why choose an extended warranty</h3>
      <ul>
        <li>Repair coverage for mechanical and electrical failures after the standard warranty ends.</li>
        <li>Parts and labour included on covered repairs.</li>
        <li>A simple online claim process and fast turnaround: repairs take about 5 business days.</li>
        <li>Coverage for notebooks, desktops, monitors, tablets and smartphones.</li>
      </ul>
      <h3>When to buy</h3>
      <p>
        An extended warranty must be purchased within 30 days of your order. Plans are listed in our{' '}
        <Link to="/acer/category/Warranty">Warranty category</Link>, sorted by product type. Add the plan that
        matches your product to your cart like any other item.
      </p>
      <h3>Need to make a claim?</h3>
      <p>
        Read <Link to="/acer/extended-warranty/how-to-claim">how to claim</Link>, then{' '}
        <Link to={`/acer/extended-warranty/${CLAIM_SESSION}`}>submit a warranty claim</Link>. You will need
        the product’s serial number: here is{' '}
        <Link to="/acer/extended-warranty/locate-serial-number">how to locate it</Link>.
      </p>
    </>
  );
}

function WhatCoveredSection() {
  return (
    <>
      <h2>What’s covered</h2>
      <p>
        Extended warranty plans cover failures that happen during normal use after the standard warranty has
        ended. Covered repairs include parts and labour.
      </p>
      <h3>Covered</h3>
      <ul>
        <li>Mechanical and electrical failures caused by normal use.</li>
        <li>Defects in materials and workmanship.</li>
        <li>Motherboards, processors, memory, hard drives and solid-state drives.</li>
        <li>Displays and screens.</li>
        <li>Keyboards, touchpads, ports, hinges and power supplies.</li>
      </ul>
      <h3>Not covered</h3>
      <ul>
        <li>Accidental damage such as drops, cracked screens or liquid spills.</li>
        <li>Loss, theft or damage from fire, flood or other natural events.</li>
        <li>Cosmetic damage that does not affect how the product works.</li>
        <li>Software problems, viruses, data loss and data recovery.</li>
        <li>Consumable parts and accessories sold separately.</li>
        <li>Damage from misuse, abuse, unauthorized repairs or modifications.</li>
        <li>Problems that existed before the plan was purchased.</li>
      </ul>
      <p>
        The full list of conditions and exclusions is in the{' '}
        <Link to="/acer/extended-warranty/terms-and-conditions">terms and conditions</Link>.
      </p>
    </>
  );
}

function HowToClaimSection() {
  return (
    <>
      <h2>How to claim</h2>
      <p>Claims are handled directly by our extended warranty partner. Here is how it works:</p>
      <ol>
        <li>
          <strong>Gather your information.</strong> Have your order number, your invoice and the product’s
          serial number ready. Not sure where the serial number is?{' '}
          <Link to="/acer/extended-warranty/locate-serial-number">Locate your serial number</Link>.
        </li>
        <li>
          <strong>Submit your claim.</strong> Fill in the{' '}
          <Link to={`/acer/extended-warranty/${CLAIM_SESSION}`}>warranty claim</Link> with a clear description
          of the problem.
        </li>
        <li>
          <strong>Wait for confirmation.</strong> Claims are usually confirmed within 2–3 business days.
          During busy periods, it can take up to 10 business days.
        </li>
        <li>
          <strong>Send in your product.</strong> Once the claim is approved, you will receive instructions on
          how to send the product for repair. Back up your data and remove passwords before shipping.
        </li>
        <li>
          <strong>Repair and return.</strong> Repairs take about 5 business days from the time the product is
          received. The repaired product is then shipped back to you.
        </li>
      </ol>
      <p className="static-page__note">
        Questions about an order or a plan you bought from us? <Link to="/acer/contact-us">Contact us</Link>{' '}
        and we will help you.
      </p>
    </>
  );
}

function LocateSerialSection() {
  return (
    <>
      <h2>Locate your serial number</h2>
      <p>
        The serial number (S/N) identifies your product and is required for every claim. It is printed on a
        label on the product and on its original box. Acer serial numbers are usually 22 characters long; the
        shorter SNID printed next to it also identifies the product.
      </p>
      <div className="serial-grid">
        <div>
          <h3>Notebooks</h3>
          <ul>
            <li>Look at the label on the bottom of the notebook.</li>
            <li>On older models, the label may be under the removable battery.</li>
            <li>The serial number is also shown in the Acer Care Center app.</li>
          </ul>
        </div>
        <div>
          <h3>Desktops and all-in-ones</h3>
          <ul>
            <li>Check the label on the back or the side of the case.</li>
            <li>On all-in-ones, the label is on the back, often behind the stand.</li>
            <li>The serial number is also shown in the Acer Care Center app.</li>
          </ul>
        </div>
        <div>
          <h3>Monitors</h3>
          <ul>
            <li>Find the label on the back of the monitor, near the connectors.</li>
            <li>On some models, the serial number is also shown in the on-screen menu under Information.</li>
          </ul>
        </div>
        <div>
          <h3>Tablets</h3>
          <ul>
            <li>Look on the back of the tablet, often in small print along the bottom edge.</li>
            <li>You can also find it in the settings, under the About section.</li>
          </ul>
        </div>
      </div>
      <h3>Finding the serial number in Windows</h3>
      <p>
        On a Windows notebook or desktop, open PowerShell and run{' '}
        <code>Get-CimInstance Win32_BIOS | Select-Object SerialNumber</code>. The serial number is also shown
        in the BIOS setup screen, which opens when you press F2 while the computer starts.
      </p>
    </>
  );
}

function TermsSection() {
  return (
    <>
      <h2>Terms and conditions</h2>
      <p>
        Extended warranty plans are provided and administered by our extended warranty partner. The following
        summary is provided for your information; the plan document you receive after purchase sets out the
        complete terms.
      </p>
      <h3>Eligibility</h3>
      <ul>
        <li>A plan must be purchased within 30 days of the order for the product it covers.</li>
        <li>
          The plan must match the product type, such as notebook, desktop, monitor, tablet or smartphone.
        </li>
        <li>Each plan covers one product, identified by its serial number.</li>
      </ul>
      <h3>Coverage period</h3>
      <ul>
        <li>Coverage runs for the term shown on the plan you purchased.</li>
        <li>Coverage starts on the date shown on your plan document.</li>
      </ul>
      <h3>Claims and repairs</h3>
      <ul>
        <li>Proof of purchase and the product’s serial number are required for every claim.</li>
        <li>Claim confirmation takes 2–3 business days and may take up to 10 business days.</li>
        <li>Repairs take about 5 business days from the time the product is received.</li>
        <li>
          If a product cannot be repaired, our extended warranty partner may replace it with a product of
          equal or better specifications, which may be new or recertified.
        </li>
        <li>Data stored on the product is not covered. Please back up your data before sending it in.</li>
      </ul>
      <h3>Exclusions</h3>
      <p>
        Plans do not cover accidental damage, liquid damage, loss, theft, cosmetic damage, software, viruses,
        misuse, unauthorized repairs or problems that existed before the plan was purchased. See{' '}
        <Link to="/acer/extended-warranty/what-covered">what’s covered</Link> for details.
      </p>
      <h3>Cancellation</h3>
      <p>
        Cancellation conditions are set out in your plan document. To ask about cancelling a plan,{' '}
        <Link to="/acer/contact-us">contact us</Link> with your order number.
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
  const Section = sections[shown];

  usePageTitle(shown === 'main' ? 'Extended Warranty' : `${sectionTitles[shown]} | Extended Warranty`);

  const crumbs =
    shown === 'main'
      ? [{ name: 'Extended Warranty', pathname: `/extended-warranty/${session ?? 'main'}` }]
      : [
          { name: 'Extended Warranty', pathname: '/extended-warranty/main' },
          { name: sectionTitles[shown], pathname: `/extended-warranty/${shown}` },
        ];

  return (
    <div className="static-page extended-warranty">
      <Breadcrumbs items={crumbs} />
      <h1>Extended Warranty</h1>
      <div className="static-page__layout">
        <nav className="side-nav" aria-label="Extended warranty">
          <ul>
            {sectionKeys.map((key) => (
              <li key={key}>
                <Link
                  to={`/acer/extended-warranty/${key}`}
                  aria-current={current === key ? 'page' : undefined}
                >
                  {key === 'main' ? 'Overview' : sectionTitles[key]}
                </Link>
              </li>
            ))}
            <li>
              <Link
                to={`/acer/extended-warranty/${CLAIM_SESSION}`}
                className="side-nav__claim"
                aria-current={current === CLAIM_SESSION ? 'page' : undefined}
              >
                Submit a Warranty Claim
              </Link>
            </li>
          </ul>
        </nav>
        <section className="extended-warranty__content" aria-label={sectionTitles[shown]}>
          <Section />
        </section>
      </div>
    </div>
  );
}
