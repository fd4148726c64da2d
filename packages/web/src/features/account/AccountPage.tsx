/** The account area /acer/account[/{session}[/{sessionid}]]: navigation and the session's screen. */
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Breadcrumbs, type Crumb } from '../../components/Breadcrumbs';
import { Redirect } from '../../components/Redirect';
import { SignInFirst } from '../../components/SignInFirst';
import { t } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/title';
import { StockAlerts } from '../alerts';
import { QuotesSection } from '../quotes';
import { ReturnsSection } from '../returns';
import { ClaimsSection } from '../warranty-claims';
import { isSessionName, type SessionName } from './loader';
import { AccountSettings } from './sessions/AccountSettings';
import { Addresses } from './sessions/Addresses';
import { AddressForm } from './sessions/AddressForm';
import { ApiKeys } from './sessions/ApiKeys';
import { Approvals, ApprovalsNavLabel } from './sessions/Approvals';
import { Buyers } from './sessions/Buyers';
import { Devices } from './sessions/Devices';
import { Messages, MessageView } from './sessions/Messages';
import { Orders } from './sessions/Orders';
import { Punchout } from './sessions/Punchout';
import { RecentlyViewed } from './sessions/RecentlyViewed';
import { Statement } from './sessions/Statement';
import { Subscription } from './sessions/Subscription';
import { WishListForm, WishListItems, WishLists } from './sessions/WishLists';
import '../../styles/account.css';

/** The account's sections: the sessions the server answers, and those read apart (statement, API keys). */
type Section = SessionName | Apart;
const APART = [
  'statement',
  'apiKeys',
  'quotes',
  'approvals',
  'stockAlerts',
  'warrantyClaims',
  'devices',
  'returns',
  'punchout',
] as const;
type Apart = (typeof APART)[number];
const isApart = (value: string): value is Apart => (APART as readonly string[]).includes(value);

/** The navigation; each entry's label is `account:nav.<session>`. */
const NAV: { session: Section; also?: Section[]; adminsOnly?: boolean }[] = [
  { session: 'orders' },
  { session: 'quotes' },
  { session: 'statement' },
  { session: 'devices' },
  { session: 'messages' },
  { session: 'addresses', also: ['addressForm'] },
  { session: 'wishLists', also: ['wishListCreate', 'wishListItems'] },
  { session: 'stockAlerts' },
  { session: 'returns' },
  { session: 'warrantyClaims' },
  { session: 'recentlyViewed' },
  { session: 'accountSettings' },
  { session: 'subscription' },
  { session: 'buyers', adminsOnly: true },
  { session: 'approvals', adminsOnly: true },
  { session: 'apiKeys', adminsOnly: true },
  { session: 'punchout', adminsOnly: true },
];

/** A session's name as the heading, the title and the breadcrumbs show it (the path keeps the session). */
function sessionTitle(session: Section): string {
  if (session === 'quotes') return t('quotes:title');
  if (session === 'approvals') return t('approvals:title');
  if (session === 'devices') return t('after-sale:devices.title');
  if (session === 'warrantyClaims') return t('warranty-claims:title');
  if (session === 'returns') return t('returns:title');
  return t(`account:section.${session}`);
}

function SessionContent({ session, sessionid }: { session: Section; sessionid?: string }) {
  switch (session) {
    case 'orders':
      return <Orders />;
    case 'statement':
      return <Statement />;
    case 'messages':
      return sessionid ? <MessageView /> : <Messages />;
    case 'addresses':
      return <Addresses />;
    case 'addressForm':
      return <AddressForm key={sessionid ?? 'new'} addressId={sessionid} />;
    case 'wishLists':
      return <WishLists />;
    case 'wishListCreate':
      return <WishListForm key={sessionid ?? 'new'} listId={sessionid} />;
    case 'wishListItems':
      return sessionid ? <WishListItems listId={sessionid} /> : <Redirect to="/acer/account/wishLists" />;
    case 'recentlyViewed':
      return <RecentlyViewed />;
    case 'accountSettings':
      return <AccountSettings />;
    case 'subscription':
      return <Subscription />;
    case 'buyers':
      return <Buyers />;
    case 'apiKeys':
      return <ApiKeys />;
    case 'punchout':
      return <Punchout />;
    case 'quotes':
      return <QuotesSection quoteId={sessionid} />;
    case 'approvals':
      return <Approvals approvalId={sessionid} />;
    case 'stockAlerts':
      return <StockAlerts />;
    case 'devices':
      return <Devices unitId={sessionid} />;
    case 'warrantyClaims':
      return <ClaimsSection />;
    case 'returns':
      return <ReturnsSection />;
  }
}

function crumbs(session: Section, sessionid?: string): Crumb[] {
  const trail: Crumb[] = [{ name: t('account:crumb.account'), pathname: '/account/orders' }];
  const parent = NAV.find((entry) => entry.also?.includes(session));
  if (parent) trail.push({ name: sessionTitle(parent.session), pathname: `/account/${parent.session}` });
  if ((session === 'messages' || session === 'devices') && sessionid)
    trail.push({ name: sessionTitle(session), pathname: `/account/${session}` });
  trail.push({
    name: sessionTitle(session),
    pathname: `/account/${session}${sessionid ? `/${sessionid}` : ''}`,
    current: true,
  });
  return trail;
}

export default function AccountPage() {
  const { session = 'orders', sessionid } = useParams();
  const { loggedIn, header, customer, signOut } = useSession();
  const _location = useLocation();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const known = isSessionName(session) || isApart(session);
  usePageTitle(known ? sessionTitle(session) : session);

  if (leaving) return null;
  // Visitors sign in first and come back here.
  if (!loggedIn) return <SignInFirst />;
  if (!known) return <Redirect to="/acer/account/orders" />;

  const unreadValue = (header as { unreadMessages?: unknown } | null)?.unreadMessages;
  const unread = typeof unreadValue === 'number' ? unreadValue : 0;
  const active = NAV.find((entry) => entry.session === session || entry.also?.includes(session))?.session;

  return (
    <div className="account">
      <Breadcrumbs items={crumbs(session, sessionid)} />
      <div className="account__layout">
        <nav className="account__nav" aria-label={t('account:nav.label')}>
          <ul>
            {NAV.filter((entry) => !entry.adminsOnly || customer?.role === 'admin').map((entry) => (
              <li key={entry.session}>
                <Link
                  to={`/acer/account/${entry.session}`}
                  aria-current={
                    entry.session === session && !sessionid
                      ? 'page'
                      : entry.session === active
                        ? 'true'
                        : undefined
                  }
                >
                  {entry.session === 'messages' ? (
                    <>
                      {t('account:nav.messagesCount', { count: unread })}
                      {unread > 0 && <span className="visually-hidden"> {t('account:nav.unread')}</span>}
                    </>
                  ) : entry.session === 'quotes' ? (
                    t('quotes:nav')
                  ) : entry.session === 'devices' ? (
                    t('after-sale:devices.nav')
                  ) : entry.session === 'returns' ? (
                    t('returns:nav')
                  ) : entry.session === 'warrantyClaims' ? (
                    t('warranty-claims:nav')
                  ) : entry.session === 'approvals' ? (
                    <ApprovalsNavLabel />
                  ) : (
                    t(`account:nav.${entry.session}`)
                  )}
                </Link>
              </li>
            ))}
            <li>
              <a href="/api/export.csv" download>
                {t('account:nav.export')}
              </a>
            </li>
            <li>
              <button
                type="button"
                className="link-button"
                onClick={async () => {
                  setLeaving(true);
                  await signOut();
                  navigate('/acer/signin');
                }}
              >
                {t('account:nav.signOut')}
              </button>
            </li>
          </ul>
        </nav>
        <section className="account__content" aria-labelledby="account-title">
          <h1 id="account-title">{sessionTitle(session)}</h1>
          <SessionContent key={`${session}/${sessionid ?? ''}`} session={session} sessionid={sessionid} />
        </section>
      </div>
    </div>
  );
}
