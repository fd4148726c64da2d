import { fieldErrors } from '@shop/domain/account/contact';
import { ACCOUNT_MSG, type AddressInput, addressSchema } from '@shop/domain/account/schemas';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  AddressFields,
  type AddressValues,
  addressValues,
  EMPTY_ADDRESS,
} from '../../../components/AddressFields';
import { focusFirstError } from '../../../components/fields';
import { Loading } from '../../../components/Loading';
import { api } from '../../../lib/api';
import { failureMessage, serverFieldErrors, translatedErrors } from '../../../lib/failures';
import { t, tm } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useAccountData, useRefreshAccount } from '../data';
import { AddressesAdminNote } from './Addresses';
import { LoadError } from './LoadError';

const back = () => ({ to: '/acer/account/addresses', label: t('account:addresses.back') });

const EMPTY = EMPTY_ADDRESS;

/** Creating an address, or editing the one in the path. */
export function AddressForm({ addressId }: { addressId?: string }) {
  const { data, error } = useAccountData('addressForm');
  const { customer } = useSession();
  if (customer?.role === 'buyer') return <AddressesAdminNote />;
  if (addressId) {
    if (error) return <LoadError error={error} back={back()} />;
    if (!data) return <Loading label={t('account:addresses.loadingOne')} />;
    const address = data[0];
    if (!address) return <LoadError error={t('account:addresses.missing')} back={back()} />;
    return <AddressEditor key={addressId} addressId={addressId} initial={addressValues(address)} />;
  }
  return <AddressEditor initial={EMPTY} />;
}

function AddressEditor({ addressId, initial }: { addressId?: string; initial: AddressValues }) {
  const { customerId } = useSession();
  const refreshAccount = useRefreshAccount();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<AddressValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = addressSchema.safeParse({ ...form, country: 'Canada' });
    if (!parsed.success) {
      setErrors(translatedErrors(fieldErrors(parsed.error)));
      focusFirstError(formRef.current);
      window.alert(tm(ACCOUNT_MSG.addressInvalid));
      return;
    }
    setErrors({});
    setBusy(true);
    const addressInfo: AddressInput & { customer_id: string } = { ...parsed.data, customer_id: customerId };
    try {
      if (addressId) {
        await api('POST /api/user/:customerid/address/:addressId/edit', {
          params: { customerid: customerId, addressId },
          body: { addressInfo },
        });
      } else {
        await api('POST /api/user/address/create', { body: { addressInfo } });
      }
      await refreshAccount();
      navigate('/acer/account/addresses');
    } catch (e) {
      const fields = serverFieldErrors(e);
      if (fields) {
        setErrors(fields);
        focusFirstError(formRef.current);
      }
      window.alert(
        addressId && !fields
          ? tm(ACCOUNT_MSG.addressEditFailed)
          : failureMessage(e, tm(addressId ? ACCOUNT_MSG.addressEditFailed : ACCOUNT_MSG.addressInvalid)),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="form acct-form acct-form--grid" onSubmit={submit} noValidate>
      <h2 className="acct-form__title">
        {addressId ? t('account:addresses.edit') : t('account:addresses.new')}
      </h2>
      <p className="field-hint acct-form__wide">{t('account:form.required')}</p>
      <AddressFields
        idPrefix="address"
        values={form}
        errors={errors}
        onChange={setForm}
        wideClass="acct-form__wide"
      />
      <div className="acct-form__actions acct-form__wide">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {addressId ? t('account:addresses.save') : t('account:addresses.add')}
        </button>
        <Link className="btn" to="/acer/account/addresses">
          {t('account:form.cancel')}
        </Link>
      </div>
    </form>
  );
}
