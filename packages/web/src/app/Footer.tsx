import { Link } from 'react-router';
import { MENU } from '../lib/categories';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-help">
          <h2 id="footer-help">Customer Service</h2>
          <ul>
            <li>
              <Link to="/acer/contact-us">Contact Us</Link>
            </li>
            <li>
              <a href="https://www.acer.com/ca-en/support" target="_blank" rel="noopener noreferrer">
                RMA Request
              </a>
            </li>
            <li>
              <Link to="/acer/location">Our Location</Link>
            </li>
            <li>
              <Link to="/acer/faq">FAQ</Link>
            </li>
            <li>
              <Link to="/acer/warranty">Warranty</Link>
            </li>
            <li>
              <Link to="/acer/extended-warranty/main">Extended Warranty</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-shop">
          <h2 id="footer-shop">Shop</h2>
          <ul className="site-footer__categories">
            {MENU.map((entry) => (
              <li key={entry.name}>
                <Link to={entry.path}>{entry.label}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">About</h2>
          <ul>
            <li>
              <Link to="/acer/blog">Blog</Link>
            </li>
            <li>
              <Link to="/acer/subscribe">Subscribe</Link>
            </li>
            <li>
              <Link to="/acer/term-of-sale">Terms of Sale</Link>
            </li>
            <li>
              <Link to="/acer/legal-notice">Legal Notice</Link>
            </li>
          </ul>
        </section>
      </div>
      <p className="site-footer__copy">© 2024 Acer Store. All rights reserved.</p>
    </footer>
  );
}
