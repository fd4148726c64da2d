import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useSession } from '../../app/session';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { usePageTitle } from '../../lib/title';
import './account.css';

const NAV = [
  { session: 'orders', label: 'Orders' },
  { session: 'messages', label: 'Messages(0)' },
  { session: 'addresses', label: 'Addresses' },
  { session: 'wishLists', label: 'Wish Lists' },
  { session: 'recentlyViewed', label: 'Recently Viewed' },
  { session: 'accountSettings', label: 'Account Settings' },
  { session: 'subscription', label: 'Subscription' },
] as const;

export default function AccountPage() {
  const { session = 'orders' } = useParams();
  const { loggedIn, customer, signOut } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  usePageTitle(session);
  // Visitors sign in first and come back here.
  if (!loggedIn) return <Navigate to="/acer/signin" replace state={{ from: location.pathname }} />;

  return (
    <div className="account">
      <Breadcrumbs
        items={[
          { name: 'Account', pathname: '/account/orders' },
          { name: session, pathname: `/account/${session}` },
        ]}
      />
      <div className="account__layout">
        <nav className="account__nav" aria-label="Account">
          <ul>
            {NAV.map((entry) => (
              <li key={entry.session}>
                <Link
                  to={`/acer/account/${entry.session}`}
                  aria-current={entry.session === session ? 'page' : undefined}
                >
                  {entry.label}
                </Link>
              </li>
            ))}
            <li>
              <a href="/api/export">Export Items</a>
            </li>
            <li>
              <button
                type="button"
                className="link-button"
                onClick={async () => {
                  await signOut();
                  navigate('/acer/signin');
                }}
              >
                Sign out
              </button>
            </li>
          </ul>
        </nav>
        <section className="account__content" aria-labelledby="account-title">
          <h1 id="account-title">{session}</h1>
          {customer && (
            <p>
              Signed in as {customer.contact_name} for {customer.company} (Customer ID {customer.customer_id}
              ).
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
