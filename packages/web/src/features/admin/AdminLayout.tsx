/** The back office's own frame: who is signed in, the navigation with its counts, sign-out. No shop header. */
import { type ReactNode, useEffect, useRef } from 'react';
import { Form, Link, NavLink, useLocation, useNavigation } from 'react-router';
import { ADMIN_BASE } from './api';
import type { Me } from './routing';

function Count({ n, label }: { n: number; label: string }) {
  if (n <= 0) return null;
  return (
    <span className="admin-nav__count">
      {n}
      <span className="visually-hidden"> {label}</span>
    </span>
  );
}

/** Moves focus to the new page's heading after a navigation, so a screen reader starts there. */
function useFocusOnNavigate(main: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [pathname, main]);
}

export function AdminLayout({ me, flash, children }: { me: Me | null; flash: string; children: ReactNode }) {
  const navigation = useNavigation();
  const main = useRef<HTMLElement>(null);
  const flashRef = useRef<HTMLParagraphElement>(null);
  useFocusOnNavigate(main);
  // A form that went away with its success (an answered message, a made invoice) leaves focus nowhere:
  // it goes to the message that says what happened.
  useEffect(() => {
    if (flash && (document.activeElement === document.body || document.activeElement === null))
      flashRef.current?.focus();
  }, [flash]);
  const owner = me?.staff.role === 'owner';
  return (
    <div className="admin">
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <header className="admin-top">
        <p className="admin-top__brand">
          <Link to={me ? `${ADMIN_BASE}/orders` : `${ADMIN_BASE}/signin`}>Acer Store back office</Link>
        </p>
        {me && (
          <div className="admin-top__who">
            <span>
              {me.staff.name || me.staff.email} <span className="admin-role">({me.staff.role})</span>
            </span>
            <Form method="post" action={`${ADMIN_BASE}/signout`}>
              <button type="submit" className="admin-btn">
                Sign out
              </button>
            </Form>
          </div>
        )}
      </header>
      <div className={me ? 'admin-body' : 'admin-body admin-body--public'}>
        {me && (
          <nav className="admin-nav" aria-label="Back office">
            <ul>
              <li>
                <NavLink to={`${ADMIN_BASE}/orders`}>
                  Orders <Count n={me.pending_orders} label="pending" />
                  <Count n={me.held_orders} label="on hold" />
                </NavLink>
              </li>
              <li>
                <NavLink to={`${ADMIN_BASE}/quotes`} end={false}>
                  Quotes <Count n={me.new_quotes ?? 0} label="new" />
                </NavLink>
              </li>
              <li>
                <NavLink to={`${ADMIN_BASE}/returns`} end={false}>
                  Returns <Count n={me.waiting_returns ?? 0} label="waiting" />
                </NavLink>
              </li>
              <li>
                <NavLink to={`${ADMIN_BASE}/warranty-claims`} end={false}>
                  Warranty claims <Count n={me.waiting_claims ?? 0} label="waiting" />
                </NavLink>
              </li>
              <li>
                <NavLink to={`${ADMIN_BASE}/customers`}>Customers</NavLink>
              </li>
              <li>
                <NavLink to={`${ADMIN_BASE}/serials`} end={false}>
                  Serial numbers
                </NavLink>
              </li>
              <li>
                <NavLink to={`${ADMIN_BASE}/applications`}>
                  Applications <Count n={me.new_applications} label="new" />
                </NavLink>
              </li>
              <li>
                <NavLink to={`${ADMIN_BASE}/products`} end={false}>
                  Products
                </NavLink>
              </li>
              <li>
                <NavLink to={`${ADMIN_BASE}/import`}>Catalog import</NavLink>
              </li>
              <li>
                <NavLink to={`${ADMIN_BASE}/messages`}>
                  Messages <Count n={me.new_contact_messages + me.new_customer_replies} label="new" />
                </NavLink>
              </li>
              <li>
                <NavLink to={`${ADMIN_BASE}/receivables`}>Receivables</NavLink>
              </li>
              {owner && (
                <>
                  <li>
                    <NavLink to={`${ADMIN_BASE}/tax-rates`}>Tax rates</NavLink>
                  </li>
                  <li>
                    <NavLink to={`${ADMIN_BASE}/fees`}>Recycling fees</NavLink>
                  </li>
                  <li>
                    <NavLink to={`${ADMIN_BASE}/staff`}>Staff</NavLink>
                  </li>
                  <li>
                    <NavLink to={`${ADMIN_BASE}/api-tokens`}>API tokens</NavLink>
                  </li>
                  <li>
                    <NavLink to={`${ADMIN_BASE}/accounting`}>Accounting</NavLink>
                  </li>
                  <li>
                    <NavLink to={`${ADMIN_BASE}/webhooks`}>Webhooks</NavLink>
                  </li>
                  <li>
                    <NavLink to={`${ADMIN_BASE}/audit`}>Audit</NavLink>
                  </li>
                </>
              )}
              <li>
                <NavLink to={`${ADMIN_BASE}/password`}>My password</NavLink>
              </li>
            </ul>
          </nav>
        )}
        <main
          id="admin-main"
          ref={main}
          className="admin-main"
          aria-busy={navigation.state === 'loading' || undefined}
        >
          {flash && (
            <p className="banner banner--ok" role="status" ref={flashRef} tabIndex={-1}>
              {flash}
            </p>
          )}
          {children}
        </main>
      </div>
    </div>
  );
}
