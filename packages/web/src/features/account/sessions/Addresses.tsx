import { formatPostalCode, MAX_ADDRESSES } from '@shop/domain/account/rules';
import type { Address } from '@shop/domain/core/api';
import { MSG } from '@shop/domain/core/messages';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Loading } from '../../../components/Loading';
import { api } from '../../../lib/api';
import { failureMessage } from '../../../lib/failures';
import { t, tm } from '../../../lib/i18n';
import { provinceName } from '../../../lib/labels';
import { useSession } from '../../../lib/session';
import { useAccountData, useRefreshAccount } from '../data';
import { CountToolbar } from './CountToolbar';
import { LoadError } from './LoadError';

/** The address lines of a card, as on a label. */
function AddressLines({ address }: { address: Address }) {
  return (
    <>
      <p className="acct-card__title">
        {address.first_name} {address.last_name}
      </p>
      {address.company && <p>{address.company}</p>}
      <p>{address.address_line_1}</p>
      {address.address_line_2 && <p>{address.address_line_2}</p>}
      <p>
        {address.city}, {provinceName(address.province)} {formatPostalCode(address.zip)}
      </p>
      <p>{address.country}</p>
      {address.phone_number && <p>{t('account:addresses.phone', { phone: address.phone_number })}</p>}
    </>
  );
}

/** What a buyer (not an administrator of the company) sees instead of the address actions. */
export function AddressesAdminNote() {
  return <p className="acct-note">{tm(MSG.addressesAdminOnly)}</p>;
}

/**
 * Address cards with EDIT and DELETE; the New Address button is hidden at 10. Only the company's
 * administrators change addresses: buyers see the cards and a note.
 */
export function Addresses() {
  const { customerId, customer } = useSession();
  const manages = customer?.role === 'admin';
  const refreshAccount = useRefreshAccount();
  const navigate = useNavigate();
  const { data, error } = useAccountData('addresses');
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  if (error) return <LoadError error={error} />;
  if (!data) return <Loading label={t('account:addresses.loading')} />;

  const remove = async (address: Address) => {
    const id = String(address.address_id);
    if (
      !window.confirm(
        t('account:addresses.confirmDelete', {
          name: `${address.first_name} ${address.last_name}`,
          line: address.address_line_1,
        }),
      )
    )
      return;
    setBusy(id);
    setStatus('');
    try {
      const answer = await api('DELETE /api/user/:customerid/address/:addressId/delete', {
        params: { customerid: customerId, addressId: id },
      });
      setStatus(answer.smessage ?? t('account:addresses.deleted'));
      await refreshAccount([{ session: 'addresses', data: answer.addresses }]);
    } catch (e) {
      window.alert(failureMessage(e, t('account:addresses.deleteFailed')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <CountToolbar
        label={t('account:addresses.count')}
        count={data.length}
        max={MAX_ADDRESSES}
        addTo="/acer/account/addressForm"
        addLabel={t('account:addresses.newButton')}
        canAdd={manages}
        status={status}
      />
      {customer?.role === 'buyer' && <AddressesAdminNote />}
      {data.length === 0 ? (
        <p className="acct-empty">{t('account:addresses.empty')}</p>
      ) : (
        <ul className="acct-cards">
          {data.map((address) => {
            const id = String(address.address_id);
            const name = `${address.first_name} ${address.last_name}`;
            return (
              <li key={id} className="acct-card acct-card--address">
                {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the card keeps the spec's 250 px height, so a long address scrolls and the keyboard must reach it (axe scrollable-region-focusable). */}
                <div className="acct-card__body" tabIndex={0} role="group" aria-label={name}>
                  <AddressLines address={address} />
                </div>
                {manages && (
                  <div className="acct-card__actions">
                    <button
                      type="button"
                      className="btn"
                      aria-label={t('account:addresses.editOf', { name, line: address.address_line_1 })}
                      onClick={() => navigate(`/acer/account/addressForm/${encodeURIComponent(id)}`)}
                    >
                      {t('account:addresses.editButton')}
                    </button>
                    <button
                      type="button"
                      className="btn acct-btn--danger"
                      aria-label={t('account:addresses.deleteOf', { name, line: address.address_line_1 })}
                      disabled={busy === id}
                      onClick={() => void remove(address)}
                    >
                      {t('account:addresses.deleteButton')}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
