import { fieldErrors } from '@shop/domain/account/contact';
import {
  ACCOUNT_MSG,
  MAX_WISH_LIST_ITEMS,
  MAX_WISH_LISTS,
  wishListNameSchema,
} from '@shop/domain/account/schemas';
import type { WishList, WishListItem } from '@shop/domain/core/api';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { focusFirstError, TextField } from '../../../components/fields';
import { Loading } from '../../../components/Loading';
import { ProductCard } from '../../../components/ProductCard';
import { api } from '../../../lib/api';
import { failureMessage, serverFieldErrors } from '../../../lib/failures';
import { t, tm } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { removeFromWishList } from '../../../lib/wishLists';
import { useAccountData, useRefreshAccount } from '../data';
import { CountToolbar } from './CountToolbar';
import { LoadError } from './LoadError';

const back = () => ({ to: '/acer/account/wishLists', label: t('account:wishLists.back') });

/** The customer's wish lists: name, item count out of 50, open, rename and delete. */
export function WishLists() {
  const { customerId } = useSession();
  const refreshAccount = useRefreshAccount();
  const { data, error } = useAccountData('wishLists');
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  if (error) return <LoadError error={error} />;
  if (!data) return <Loading label={t('account:wishLists.loading')} />;

  const remove = async (list: WishList) => {
    if (!window.confirm(t('account:wishLists.confirmDelete', { name: list.list_name }))) return;
    setBusy(list.list_id);
    setStatus('');
    try {
      const answer = await api('DELETE /api/user/:customerid/wishLists/:listId/delete', {
        params: { customerid: customerId, listId: list.list_id },
      });
      setStatus(t('account:wishLists.deleted', { name: list.list_name }));
      await refreshAccount([{ session: 'wishLists', data: answer.wishLists }]);
    } catch (e) {
      window.alert(failureMessage(e, tm(ACCOUNT_MSG.wishListEditFailed)));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <CountToolbar
        label={t('account:wishLists.count')}
        count={data.length}
        max={MAX_WISH_LISTS}
        addTo="/acer/account/wishListCreate"
        addLabel={t('account:wishLists.createButton')}
        status={status}
      />
      {data.length === 0 ? (
        <p className="acct-empty">{t('account:wishLists.empty')}</p>
      ) : (
        <ul className="acct-cards">
          {data.map((list) => (
            <li key={list.list_id} className="acct-card acct-card--list">
              <div className="acct-card__body">
                <h2 className="acct-card__heading">
                  <Link to={`/acer/account/wishListItems/${encodeURIComponent(list.list_id)}`}>
                    {list.list_name}
                  </Link>
                </h2>
                <p className="acct-muted">
                  {t('account:wishLists.items', { count: list.item_number, max: MAX_WISH_LIST_ITEMS })}
                </p>
              </div>
              <div className="acct-card__actions">
                <Link
                  className="btn btn--primary"
                  to={`/acer/account/wishListItems/${encodeURIComponent(list.list_id)}`}
                  aria-label={t('account:wishLists.openOf', { name: list.list_name })}
                >
                  {t('account:wishLists.open')}
                </Link>
                <Link
                  className="btn"
                  to={`/acer/account/wishListCreate/${encodeURIComponent(list.list_id)}`}
                  aria-label={t('account:wishLists.renameOf', { name: list.list_name })}
                >
                  {t('account:wishLists.rename')}
                </Link>
                <button
                  type="button"
                  className="btn acct-btn--danger"
                  aria-label={t('account:wishLists.deleteOf', { name: list.list_name })}
                  disabled={busy === list.list_id}
                  onClick={() => void remove(list)}
                >
                  {t('account:wishLists.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Creating a wish list, or renaming the one in the path. */
export function WishListForm({ listId }: { listId?: string }) {
  const { data, error } = useAccountData('wishListCreate');
  if (listId) {
    if (error) return <LoadError error={error} back={back()} />;
    if (!data) return <Loading label={t('account:wishLists.loadingOne')} />;
    const list = data[0];
    if (!list) return <LoadError error={t('account:wishLists.missing')} back={back()} />;
    return <WishListEditor key={listId} list={list} />;
  }
  return <WishListEditor />;
}

function WishListEditor({ list }: { list?: WishList }) {
  const { customerId } = useSession();
  const refreshAccount = useRefreshAccount();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [name, setName] = useState(list?.list_name ?? '');
  const [nameError, setNameError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = wishListNameSchema.safeParse({ list_name: name });
    if (!parsed.success) {
      setNameError(tm(fieldErrors(parsed.error).list_name ?? ACCOUNT_MSG.wishListName));
      focusFirstError(formRef.current);
      return;
    }
    setNameError('');
    setBusy(true);
    try {
      if (list) {
        await api('POST /api/user/:customerid/wishLists/:listId/edit', {
          params: { customerid: customerId, listId: list.list_id },
          body: { wishList: { list_name: parsed.data.list_name } },
        });
      } else {
        // The server names the list; the customer id, when sent, must be theirs.
        await api('POST /api/user/wishList/create', {
          body: { wishList: { list_name: parsed.data.list_name, customer_id: customerId } },
        });
      }
      await refreshAccount();
      navigate('/acer/account/wishLists');
    } catch (e) {
      const fields = serverFieldErrors(e);
      if (fields?.list_name) {
        setNameError(fields.list_name);
        focusFirstError(formRef.current);
      }
      window.alert(
        list && !fields
          ? tm(ACCOUNT_MSG.wishListEditFailed)
          : failureMessage(e, tm(ACCOUNT_MSG.wishListEditFailed)),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="form acct-form" onSubmit={submit} noValidate>
      <h2 className="acct-form__title">
        {list ? t('account:wishLists.renameOf', { name: list.list_name }) : t('account:wishLists.new')}
      </h2>
      <TextField
        id="wishlist-name"
        label={t('account:wishLists.name')}
        required
        maxLength={50}
        value={name}
        onChange={setName}
        error={nameError}
        hint={t('account:wishLists.nameHint')}
      />
      <div className="acct-form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {list ? t('account:wishLists.save') : t('account:wishLists.create')}
        </button>
        <Link className="btn" to="/acer/account/wishLists">
          {t('account:form.cancel')}
        </Link>
      </div>
    </form>
  );
}

/** The items of one list, newest first, each with a Remove button. */
export function WishListItems({ listId }: { listId: string }) {
  const refreshAccount = useRefreshAccount();
  const lists = useAccountData('wishLists');
  const { data, error } = useAccountData('wishListItems');
  const [busy, setBusy] = useState<string | null>(null);
  if (error) return <LoadError error={error} back={back()} />;
  if (!data) return <Loading label={t('account:wishLists.loadingOne')} />;
  const list = lists.data?.find((l) => l.list_id === listId);
  const listName = list?.list_name ?? t('account:wishLists.defaultName');

  const remove = async (item: WishListItem) => {
    const key = `${item.item_id}-${item.item_condition}`;
    setBusy(key);
    try {
      const answer = await removeFromWishList(listId, item);
      window.alert(
        answer.smessage ?? t('account:wishLists.removed', { item: item.item_name, name: listName }),
      );
      // The card leaves the page at once; the lists and the header are read again after.
      await refreshAccount([
        {
          session: 'wishListItems',
          sessionid: listId,
          data: data.filter((i) => !(i.item_id === item.item_id && i.item_condition === item.item_condition)),
        },
      ]);
    } catch {
      window.alert(tm(ACCOUNT_MSG.wishListRemoveFailed));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <div className="acct-toolbar">
        <h2 className="acct-subtitle">
          {listName}{' '}
          <span className="acct-count">
            ({data.length} / {MAX_WISH_LIST_ITEMS})
          </span>
        </h2>
        <Link to="/acer/account/wishLists">‹ {t('account:wishLists.all')}</Link>
      </div>
      {data.length === 0 ? (
        <p className="acct-empty">{t('account:wishLists.emptyList')}</p>
      ) : (
        <ul className="acct-grid">
          {data.map((item) => {
            const key = `${item.item_id}-${item.item_condition}`;
            return (
              <li key={key} className="acct-grid__item">
                <ProductCard item={item}>
                  <button
                    type="button"
                    className="btn acct-btn--danger acct-grid__remove"
                    aria-label={t('account:wishLists.removeOf', {
                      item: item.is_active ? item.item_name : t('account:wishLists.removedItem'),
                      sku: item.sku,
                      name: listName,
                    })}
                    disabled={busy === key}
                    onClick={() => void remove(item)}
                  >
                    {t('account:wishLists.remove')}
                  </button>
                </ProductCard>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
