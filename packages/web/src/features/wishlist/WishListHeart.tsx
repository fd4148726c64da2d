/**
 * The product page's heart: filled when the item (id + condition) is in any of the customer's wish lists;
 * a dropdown toggles the item per list.
 */
import { ACCOUNT_MSG, MAX_WISH_LIST_ITEMS } from '@shop/domain/account/rules';
import { CART_MSG } from '@shop/domain/cart/rules';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api';
import { t, tm } from '../../lib/i18n';
import { refreshReads } from '../../lib/reads';
import { useSession } from '../../lib/session';
import { addToWishList, headerWishLists, removeFromWishList, type WishListChange } from '../../lib/wishLists';
import './wishlist.css';

export function WishListHeart({
  item,
}: {
  item: { item_id: string; sku: string; item_condition: string; item_name: string };
}) {
  const { loggedIn, header, customerId, updateHeader, reloadHeader } = useSession();
  const [open, setOpen] = useState(false);
  /** The state a list is being changed to, until the header data has caught up. */
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // A heart near the window's right edge (the last card of a row) opens its panel leftwards, so the panel
  // stays whole on the screen; measured before the browser paints.
  const [towardsStart, setTowardsStart] = useState(false);
  useLayoutEffect(() => {
    if (!open) return setTowardsStart(false);
    const root = rootRef.current;
    const panel = panelRef.current;
    if (!root || !panel) return;
    const left = root.getBoundingClientRect().left;
    const width = panel.getBoundingClientRect().width;
    setTowardsStart(left + width > document.documentElement.clientWidth - 8);
  }, [open]);
  const panelId = useId();

  const { lists, entries } = headerWishLists(header);
  const member = new Set(
    entries
      .filter((e) => e.item_id === item.item_id && e.item_condition === item.item_condition)
      .map((e) => e.list_id),
  );
  const isIn = (listId: string) => pending[listId] ?? member.has(listId);
  const inAny = lists.some((list) => isIn(list.list_id));

  // The dropdown closes on Escape and on a click outside it.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open]);

  const toggleOpen = () => {
    if (!loggedIn) {
      window.alert(tm(ACCOUNT_MSG.pleaseLogin));
      return;
    }
    setOpen((o) => !o);
  };

  const applyAnswer = (answer: WishListChange) => {
    // The answer already holds the new lists; the header shows them at once and is read again after.
    if (answer.wishLists || answer.wishListsItems) {
      updateHeader((old) => ({
        ...old,
        wishLists: answer.wishLists ?? old.wishLists,
        wishListsItems: answer.wishListsItems ?? old.wishListsItems,
      }));
    }
  };

  const change = async (listId: string, listName: string, add: boolean) => {
    setPending((p) => ({ ...p, [listId]: add }));
    try {
      const answer = add ? await addToWishList(listId, item) : await removeFromWishList(listId, item);
      applyAnswer(answer);
      window.alert(
        answer.smessage ??
          t(add ? 'catalog:wishList.added' : 'catalog:wishList.removed', {
            name: item.item_name,
            list: listName,
          }),
      );
    } catch (error) {
      if (add) {
        window.alert(error instanceof ApiError ? error.message : tm(CART_MSG.addFailed));
      } else {
        window.alert(tm(ACCOUNT_MSG.wishListRemoveFailed));
      }
    } finally {
      refreshReads(`/user/${encodeURIComponent(customerId)}/`);
      await reloadHeader();
      setPending((p) => {
        const next = { ...p };
        delete next[listId];
        return next;
      });
    }
  };

  return (
    <div className="wl-heart" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={`wl-heart__button${inAny ? ' wl-heart__button--on' : ''}`}
        aria-pressed={inAny}
        aria-expanded={loggedIn ? open : undefined}
        aria-controls={loggedIn && open ? panelId : undefined}
        onClick={toggleOpen}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path
            d="M12 21s-7.5-4.6-9.6-9.4C.9 8.1 3 4 6.9 4c2.1 0 3.7 1.1 5.1 2.9C13.4 5.1 15 4 17.1 4 21 4 23.1 8.1 21.6 11.6 19.5 16.4 12 21 12 21z"
            fill={inAny ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        <span className="wl-heart__label">{t('catalog:wishList.label')}</span>
      </button>
      {loggedIn && open && (
        <div
          id={panelId}
          ref={panelRef}
          className={`wl-heart__panel${towardsStart ? ' wl-heart__panel--end' : ''}`}
        >
          {!header ? (
            <p className="wl-heart__note">{t('catalog:wishList.loading')}</p>
          ) : lists.length === 0 ? (
            <p className="wl-heart__note">
              {tm(ACCOUNT_MSG.createListFirst)}{' '}
              <Link to="/acer/account/wishListCreate">{t('catalog:wishList.create')}</Link>
            </p>
          ) : (
            <fieldset className="wl-heart__lists">
              <legend>{t('catalog:wishList.saveTo', { name: item.item_name })}</legend>
              {lists.map((list) => {
                const id = `${panelId}-${list.list_id}`;
                const checked = isIn(list.list_id);
                return (
                  <div key={list.list_id} className="wl-heart__option">
                    <input
                      id={id}
                      type="checkbox"
                      checked={checked}
                      disabled={list.list_id in pending}
                      onChange={(e) => void change(list.list_id, list.list_name, e.target.checked)}
                    />
                    <label htmlFor={id}>
                      {list.list_name}{' '}
                      <span className="wl-heart__count">
                        ({list.item_number} / {MAX_WISH_LIST_ITEMS})
                      </span>
                    </label>
                  </div>
                );
              })}
              <p className="wl-heart__manage">
                <Link to="/acer/account/wishLists">{t('catalog:wishList.manage')}</Link>
              </p>
            </fieldset>
          )}
        </div>
      )}
    </div>
  );
}
