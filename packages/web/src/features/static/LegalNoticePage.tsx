import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { shopInfo, telHref } from '../../lib/shop';
import { usePageTitle } from '../../lib/title';
import './static.css';

export default function LegalNoticePage() {
  usePageTitle('Legal Notice');
  const { phone, email, address } = shopInfo();

  return (
    <div className="static-page legal-notice">
      <Breadcrumbs items={[{ name: 'Legal Notice', pathname: '/legal-notice' }]} />
      <h1>Legal Notice and Privacy Policy</h1>
      <p className="static-page__lead">
        Your privacy matters to us. This notice explains what information we collect when you use our store,
        how we use it, and the choices you have.
      </p>
      <p>
        By using this website and placing orders with us, you agree to the practices described below. If you
        do not agree, please do not use the website or submit personal information to us.
      </p>

      <section aria-labelledby="privacy-collection">
        <h2 id="privacy-collection">Information we collect</h2>
        <p>We collect only the information we need to serve your business and process your orders.</p>
        <h3>When you place an order</h3>
        <p>When you order from us, we collect:</p>
        <ul>
          <li>your name and your company’s name;</li>
          <li>your shipping and billing addresses;</li>
          <li>your e-mail address;</li>
          <li>your phone number;</li>
          <li>payment information;</li>
          <li>your account password.</li>
        </ul>
        <h3>When you sign up for our newsletter</h3>
        <p>
          When you subscribe to our newsletter, we ask for your name, e-mail address, age and gender, so that
          the offers we send are relevant to you.
        </p>
        <h3>When you browse the store</h3>
        <p>
          Like most websites, our servers automatically record technical information such as your browser
          type, the pages you visit and the date and time of your visit. We also keep a list of the products
          you recently viewed in your account so you can find them again.
        </p>
      </section>

      <section aria-labelledby="privacy-use">
        <h2 id="privacy-use">How we use your information</h2>
        <p>We use the information we collect to:</p>
        <ul>
          <li>process, ship and invoice your orders, and keep you informed about their status;</li>
          <li>manage your business account, addresses and wish lists;</li>
          <li>answer your questions and handle returns, RMA requests and warranty service;</li>
          <li>send our newsletter and offers, if you have subscribed;</li>
          <li>prevent fraud and protect the security of our store and customers;</li>
          <li>improve our website, product selection and service.</li>
        </ul>
        <p>We do not sell, rent or trade your personal information.</p>
      </section>

      <section aria-labelledby="privacy-sharing">
        <h2 id="privacy-sharing">Sharing your information</h2>
        <p>
          We do not share your personal information with third parties, except with the agents we rely on to
          complete your order:
        </p>
        <ul>
          <li>payment agents, who process your payment;</li>
          <li>processing agents, who help us fulfil and administer your order;</li>
          <li>shipping agents, who deliver your order to you.</li>
        </ul>
        <p>
          These agents receive only the information they need to perform their service and may not use it for
          any other purpose. We may also disclose information when required by law, or to protect our rights
          and the safety of our customers.
        </p>
      </section>

      <section aria-labelledby="privacy-updating">
        <h2 id="privacy-updating">Updating or correcting your information</h2>
        <p>
          You can review your account information, addresses and order history at any time in your account.
          You can change your password in Account Settings. To update or correct other account details, please{' '}
          <Link to="/acer/contact-us">contact our support team</Link> and we will make the change for you.
        </p>
        <p>
          Please note that information related to past purchases cannot be deleted. We keep order and invoice
          records for accounting, tax, warranty and legal purposes.
        </p>
        <p>If you no longer wish to receive our newsletter, you can unsubscribe at any time.</p>
      </section>

      <section aria-labelledby="privacy-security">
        <h2 id="privacy-security">Security</h2>
        <p>
          We take reasonable technical and organizational measures to protect your information against loss,
          misuse and unauthorized access. Information sent to our website is encrypted in transit, passwords
          are stored in a protected form, and access to customer data is limited to the staff who need it to
          serve you.
        </p>
        <p>
          No method of transmission over the internet is completely secure. Keep your password confidential,
          and sign out when you use a shared computer.
        </p>
      </section>

      <section aria-labelledby="privacy-cookies">
        <h2 id="privacy-cookies">Cookies</h2>
        <p>
          Cookies are small text files that your browser stores on your computer. We use cookies to keep you
          signed in, to remember your preferences and to protect your shopping cart while you browse.
        </p>
        <p>
          Cookies must be enabled in your browser to sign in, add products to your cart and place an order.
          Our cookies do not store your payment information.
        </p>
      </section>

      <section aria-labelledby="privacy-links">
        <h2 id="privacy-links">Links to other websites</h2>
        <p>
          Our website may contain links to other websites, such as our extended warranty partner, carriers and
          manufacturers. We are not responsible for the privacy practices or content of those websites. We
          encourage you to read the privacy policy of every website you visit.
        </p>
      </section>

      <section aria-labelledby="privacy-contact">
        <h2 id="privacy-contact">Contacting us about privacy</h2>
        <p>
          If you have questions about this notice or about how we handle your information, please contact us:
        </p>
        <ul>
          <li>
            by e-mail at <a href={`mailto:${email}`}>{email}</a>
          </li>
          <li>
            by phone at <a href={telHref(phone)}>{phone}</a>, Monday to Friday, 9AM to 5PM EST
          </li>
          <li>
            through our <Link to="/acer/contact-us">contact form</Link>
          </li>
          <li>by mail at {address}</li>
        </ul>
      </section>

      <section aria-labelledby="privacy-changes">
        <h2 id="privacy-changes">Changes to this policy</h2>
        <p>
          We may update this notice from time to time to reflect changes in our practices or in the law. The
          updated notice will be posted on this page, and it applies from the date it is posted. Please review
          this page periodically.
        </p>
      </section>
    </div>
  );
}
