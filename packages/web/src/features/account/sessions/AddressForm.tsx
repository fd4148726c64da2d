import { ACCOUNT_MSG, type AddressInput, addressSchema } from '@shop/domain/account';
import { fieldErrors } from '@shop/domain/contact';
import { PROVINCES } from '@shop/domain/tax';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../app/session';
import { Loading } from '../../../components/Loading';
import { api } from '../../../lib/api';
import { failureMessage, refreshAccount, serverFieldErrors, useAccountData } from '../data';
import { focusFirstError, SelectField, TextField } from '../fields';
import type { Address } from '../types';
import { LoadError } from './LoadError';

const BACK = { to: '/acer/account/addresses', label: 'Back to addresses' };

type Form = Required<Omit<AddressInput, 'country'>>;

const EMPTY: Form = {
  first_name: '',
  last_name: '',
  company_name: '',
  address_line_1: '',
  address_line_2: '',
  city: '',
  province: '' as Form['province'],
  zip: '',
  phone_number: '',
};

function fromAddress(address: Address): Form {
  return {
    first_name: address.first_name ?? '',
    last_name: address.last_name ?? '',
    company_name: address.company ?? '',
    address_line_1: address.address_line_1 ?? '',
    address_line_2: address.address_line_2 ?? '',
    city: address.city ?? '',
    province: (address.province ?? '') as Form['province'],
    zip: address.zip ?? '',
    phone_number: address.phone_number ?? '',
  };
}

/** Creating an address, or editing the one in the path. */
export function AddressForm({ addressId }: { addressId?: string }) {
  const { data, error, isPending } = useAccountData('addressForm', addressId, {
    enabled: Boolean(addressId),
  });
  if (addressId) {
    if (error) return <LoadError error={error} back={BACK} />;
    if (isPending) return <Loading label="Loading the address" />;
    const address = data[0];
    if (!address) return <LoadError error="This address does not exist in your account." back={BACK} />;
    return <AddressEditor key={addressId} addressId={addressId} initial={fromAddress(address)} />;
  }
  return <AddressEditor initial={EMPTY} />;
}

function AddressEditor({ addressId, initial }: { addressId?: string; initial: Form }) {
  const { customerId } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<Form>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const set = (name: keyof Form) => (value: string) => setForm((f) => ({ ...f, [name]: value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = addressSchema.safeParse({ ...form, country: 'Canada' });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      focusFirstError(formRef.current);
      window.alert(ACCOUNT_MSG.addressInvalid);
      return;
    }
    setErrors({});
    setBusy(true);
    const addressInfo = { ...parsed.data, customer_id: customerId };
    try {
      if (addressId) {
        await api(`/user/${encodeURIComponent(customerId)}/address/${encodeURIComponent(addressId)}/edit`, {
          method: 'POST',
          body: { addressInfo },
        });
      } else {
        await api('/user/address/create', { method: 'POST', body: { addressInfo } });
      }
      await refreshAccount(queryClient, customerId);
      navigate('/acer/account/addresses');
    } catch (e) {
      const fields = serverFieldErrors(e);
      if (fields) {
        setErrors(fields);
        focusFirstError(formRef.current);
      }
      window.alert(
        addressId && !fields
          ? ACCOUNT_MSG.addressEditFailed
          : failureMessage(e, addressId ? ACCOUNT_MSG.addressEditFailed : ACCOUNT_MSG.addressInvalid),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="form acct-form acct-form--grid" onSubmit={submit} noValidate>
      <h2 className="acct-form__title">{addressId ? 'Edit address' : 'New address'}</h2>
      <p className="acct-hint acct-form__wide">Fields marked * are required.</p>
      <TextField
        id="address-first_name"
        label="First name"
        required
        maxLength={50}
        autoComplete="given-name"
        value={form.first_name}
        onChange={set('first_name')}
        error={errors.first_name}
      />
      <TextField
        id="address-last_name"
        label="Last name"
        required
        maxLength={50}
        autoComplete="family-name"
        value={form.last_name}
        onChange={set('last_name')}
        error={errors.last_name}
      />
      <TextField
        id="address-company_name"
        label="Company"
        className="acct-form__wide"
        maxLength={50}
        autoComplete="organization"
        value={form.company_name}
        onChange={set('company_name')}
        error={errors.company_name ?? errors.company}
      />
      <TextField
        id="address-address_line_1"
        label="Address line 1"
        required
        className="acct-form__wide"
        maxLength={500}
        autoComplete="address-line1"
        value={form.address_line_1}
        onChange={set('address_line_1')}
        error={errors.address_line_1}
      />
      <TextField
        id="address-address_line_2"
        label="Address line 2"
        className="acct-form__wide"
        maxLength={500}
        autoComplete="address-line2"
        value={form.address_line_2}
        onChange={set('address_line_2')}
        error={errors.address_line_2}
      />
      <TextField
        id="address-city"
        label="City"
        required
        maxLength={100}
        autoComplete="address-level2"
        value={form.city}
        onChange={set('city')}
        error={errors.city}
      />
      <SelectField
        id="address-province"
        label="Province"
        required
        placeholder="Select province"
        options={PROVINCES}
        value={form.province}
        onChange={set('province')}
        error={errors.province}
      />
      <TextField
        id="address-zip"
        label="Postal code"
        required
        maxLength={6}
        autoComplete="postal-code"
        hint="Without a space, e.g. L4B1H3."
        value={form.zip}
        onChange={set('zip')}
        error={errors.zip}
      />
      <TextField
        id="address-phone_number"
        label="Phone"
        required
        type="tel"
        inputMode="numeric"
        maxLength={10}
        autoComplete="tel-national"
        hint="10 digits, no spaces or dashes."
        value={form.phone_number}
        onChange={set('phone_number')}
        error={errors.phone_number}
      />
      <TextField
        id="address-country"
        label="Country"
        readOnly
        hint="We only ship to Canada."
        value="Canada"
        error={errors.country}
      />
      <div className="acct-form__actions acct-form__wide">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {addressId ? 'SAVE ADDRESS' : 'ADD ADDRESS'}
        </button>
        <Link className="btn" to="/acer/account/addresses">
          CANCEL
        </Link>
      </div>
    </form>
  );
}
