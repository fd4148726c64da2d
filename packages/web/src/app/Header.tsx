import { MOBILE_BREAKPOINT, SEARCH_COLUMNS, SEARCH_DEBOUNCE_MS } from '@shop/domain/catalog/rules';
import type { ItemBrief } from '@shop/domain/core/api';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { api } from '../lib/api';
import { menu } from '../lib/categories';
import { t } from '../lib/i18n';
import { usePlainLinks } from '../lib/plain-links';
import { useSession } from '../lib/session';
import { shopInfo, telHref } from '../lib/shop';
import { LanguageSwitch } from './LanguageSwitch';

/** The search box's column choice: All, Name, SKU. */
export function columnLabel(column: string): string {
  return t(`common:search.column.${column}`);
}

function searchPath(column: string, text: string): string {
  const terms = text.trim().split(/\s+/).filter(Boolean).map(encodeURIComponent).join('+');
  return `/acer/category/Search?column=${column}&string=${terms}`;
}

function SearchBox() {
  const navigate = useNavigate();
  const [column, setColumn] = useState<string>('all');
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<ItemBrief[]>([]);
  const [open, setOpen] = useState(false);
  const listId = useId();

  // Suggestions follow typing after a 500 ms pause. The wait starts at the keystroke itself, so how soon
  // the page redraws after it cannot let an earlier wait run out.
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; controller?: AbortController }>({});
  const suggest = (nextText: string, nextColumn: string) => {
    clearTimeout(pending.current.timer);
    pending.current.controller?.abort();
    const term = nextText.trim();
    if (term.length < 2) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    pending.current = {
      controller,
      timer: setTimeout(() => {
        api('GET /api/search', { query: { column: nextColumn, string: term }, signal: controller.signal })
          .then((data) => setSuggestions(data.categoryItems.itemsBrief.slice(0, 6)))
          .catch((error) => {
            // A newer keystroke cancelled it; other failures are only logged (SPEC §8).
            if (!controller.signal.aborted) console.error('Search suggestions could not be read:', error);
          });
      }, SEARCH_DEBOUNCE_MS),
    };
  };
  useEffect(
    () => () => {
      clearTimeout(pending.current.timer);
      pending.current.controller?.abort();
    },
    [],
  );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setOpen(false);
    navigate(searchPath(column, text));
  };

  return (
    <form className="search" role="search" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={`${listId}-column`}>
        {t('common:search.in')}
      </label>
      <select
        id={`${listId}-column`}
        value={column}
        onChange={(e) => {
          setColumn(e.target.value);
          suggest(text, e.target.value);
        }}
      >
        {SEARCH_COLUMNS.map((c) => (
          <option key={c} value={c}>
            {columnLabel(c)}
          </option>
        ))}
      </select>
      <label className="visually-hidden" htmlFor={`${listId}-text`}>
        {t('common:search.products')}
      </label>
      <input
        id={`${listId}-text`}
        type="search"
        placeholder={t('common:search.placeholder')}
        autoComplete="off"
        value={text}
        maxLength={200}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          suggest(e.target.value, column);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onFocus={() => setOpen(true)}
      />
      <button type="submit" className="search__button" aria-label={t('common:search.submit')}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M10 2a8 8 0 0 1 6.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z"
            fill="currentColor"
          />
        </svg>
      </button>
      {open && suggestions.length > 0 && (
        <ul className="search__suggestions">
          {suggestions.map((item) => (
            <li key={`${item.sku}-${item.item_condition}`}>
              <Link
                to={`/acer/product/${item.item_id}/${item.item_condition}`}
                onClick={() => setOpen(false)}
              >
                <span>{item.item_name}</span> <small>{item.sku}</small>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

export function Header() {
  const session = useSession();
  const shop = shopInfo();
  const location = useLocation();
  const navigate = useNavigate();
  // The menu's links are plain, followed by the router (lib/plain-links.ts).
  const menuLinks = usePlainLinks<HTMLElement>();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  // The open mobile menu freezes page scroll; it resets when the window grows past mobile width.
  useEffect(() => {
    document.body.style.overflow = menuOpen ? 'hidden' : '';
    return () => {
      document.body.style.overflow = '';
    };
  }, [menuOpen]);
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT}px)`);
    const onChange = () => {
      if (!query.matches) setMenuOpen(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  const signOut = async () => {
    await session.signOut();
    navigate('/acer/signin');
  };

  return (
    <header className="site-header">
      <div className="topbar">
        <div className="container topbar__inner">
          <a href={telHref(shop.phone)}>{shop.phone}</a>
          <a href={`mailto:${shop.email}`}>{shop.email}</a>
          <a href={`mailto:${shop.salesEmail}`}>{shop.salesEmail}</a>
          {/* The hours and the switch hide together on narrow screens, where the menu has the switch. */}
          <span className="topbar__hours">
            {t('common:header.hours')}
            <LanguageSwitch style={{ marginLeft: 20 }} />
          </span>
        </div>
      </div>
      <div className="container masthead">
        <button
          ref={menuButton}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" fill="currentColor" />
          </svg>
          <span className="visually-hidden">{t('common:header.menu')}</span>
        </button>
        <Link to="/acer" className="logo" aria-label={t('common:header.home')}>
          <svg viewBox="0 0 120 32" width="120" height="32" aria-hidden="true">
            <text x="0" y="25" fontFamily="Arial, sans-serif" fontSize="28" fontWeight="700" fill="#2f6b00">
              acer
            </text>
            <text x="66" y="25" fontFamily="Arial, sans-serif" fontSize="14" fill="#333">
              Store
            </text>
          </svg>
        </Link>
        <SearchBox />
        <nav className="masthead__actions" aria-label={t('common:header.accountAndCart')}>
          {session.loggedIn && (
            <Link to="/acer/quick-order" className="masthead__link masthead__link--wide">
              {t('common:header.quickOrder')}
            </Link>
          )}
          <Link to={session.loggedIn ? '/acer/account/orders' : '/acer/signin'} className="masthead__link">
            {session.loggedIn ? t('common:header.account') : t('common:header.signIn')}
          </Link>
          <Link
            to="/acer/cart"
            className="cart-button"
            aria-label={t('common:header.cart', { count: session.cartCount })}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path
                d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM5.2 4H2V2h4.8l1 2H21l-3.6 9H8.1l-.9 2H19v2H4l2.2-4.4z"
                fill="currentColor"
              />
            </svg>
            <span className="cart-button__count">{session.cartCount}</span>
          </Link>
        </nav>
      </div>
      <nav
        id="site-menu"
        className={`menu${menuOpen ? ' menu--open' : ''}`}
        aria-label={t('common:header.categories')}
        ref={menuLinks}
      >
        <ul className="container menu__list">
          {menu().map((entry) => (
            <li
              key={entry.name}
              // A one-word name keeps its width in the row (a name of several words breaks between them).
              className={entry.label.includes(' ') ? 'menu__item' : 'menu__item menu__item--word'}
            >
              <a href={entry.path}>{entry.label}</a>
              {entry.children.length > 0 && (
                <ul className="menu__sub">
                  {entry.children.map((child) => (
                    <li key={child.name}>
                      <a href={child.path}>{child.label}</a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
          <li className="menu__mobile-only menu__account">
            {session.loggedIn ? (
              <>
                <span className="menu__heading">{t('common:header.myAccount')}</span>
                <ul>
                  <li>
                    <Link to="/acer/account/orders">{t('common:header.orders')}</Link>
                  </li>
                  <li>
                    <Link to="/acer/quick-order">{t('common:header.quickOrder')}</Link>
                  </li>
                  <li>
                    <Link to="/acer/account/addresses">{t('common:header.addresses')}</Link>
                  </li>
                  <li>
                    <Link to="/acer/account/wishLists">{t('common:header.wishLists')}</Link>
                  </li>
                  <li>
                    <Link to="/acer/account/accountSettings">{t('common:header.accountSettings')}</Link>
                  </li>
                  <li>
                    <button type="button" className="link-button" onClick={signOut}>
                      {t('common:header.signOut')}
                    </button>
                  </li>
                </ul>
              </>
            ) : (
              <ul>
                <li>
                  <Link to="/acer/signin">{t('common:header.signIn')}</Link>
                </li>
                <li>
                  <Link to="/acer/signin/register">{t('common:header.register')}</Link>
                </li>
              </ul>
            )}
          </li>
          <li className="menu__mobile-only menu__language">
            <LanguageSwitch roomy style={{ marginLeft: -12, fontWeight: 600 }} />
          </li>
        </ul>
      </nav>
    </header>
  );
}
