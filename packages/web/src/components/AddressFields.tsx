/** The address fields of SPEC §5 "Address", shared by the address book and the checkout. */

import { normalizePhone, normalizePostalCode } from '@shop/domain/account/rules';
import type { AddressInput } from '@shop/domain/account/schemas';
import type { Address } from '@shop/domain/core/api';
import { PROVINCES } from '@shop/domain/tax/rules';
import { t } from '../lib/i18n';
import { provinceName } from '../lib/labels';
import { SelectField, TextField } from './fields';

export type AddressValues = Required<Omit<AddressInput, 'country'>>;

export const EMPTY_ADDRESS: AddressValues = {
  first_name: '',
  last_name: '',
  company_name: '',
  address_line_1: '',
  address_line_2: '',
  city: '',
  province: '' as AddressValues['province'],
  zip: '',
  phone_number: '',
};

/** A saved address as the form edits it (company is company_name when sent). */
export function addressValues(address: Address): AddressValues {
  return {
    first_name: address.first_name ?? '',
    last_name: address.last_name ?? '',
    company_name: address.company ?? '',
    address_line_1: address.address_line_1 ?? '',
    address_line_2: address.address_line_2 ?? '',
    city: address.city ?? '',
    province: (address.province ?? '') as AddressValues['province'],
    zip: address.zip ?? '',
    phone_number: address.phone_number ?? '',
  };
}

export function AddressFields({
  idPrefix,
  values,
  errors,
  onChange,
  wideClass,
}: {
  idPrefix: string;
  values: AddressValues;
  errors: Record<string, string>;
  onChange: (values: AddressValues) => void;
  /** A class for fields that span the whole form row. */
  wideClass?: string;
}) {
  const set = (name: keyof AddressValues) => (value: string) => onChange({ ...values, [name]: value });
  return (
    <>
      <TextField
        id={`${idPrefix}-first_name`}
        label={t('common:address.firstName')}
        required
        maxLength={50}
        autoComplete="given-name"
        value={values.first_name}
        onChange={set('first_name')}
        error={errors.first_name}
      />
      <TextField
        id={`${idPrefix}-last_name`}
        label={t('common:address.lastName')}
        required
        maxLength={50}
        autoComplete="family-name"
        value={values.last_name}
        onChange={set('last_name')}
        error={errors.last_name}
      />
      <TextField
        id={`${idPrefix}-company_name`}
        label={t('common:address.company')}
        className={wideClass}
        maxLength={50}
        autoComplete="organization"
        value={values.company_name}
        onChange={set('company_name')}
        error={errors.company_name ?? errors.company}
      />
      <TextField
        id={`${idPrefix}-address_line_1`}
        label={t('common:address.line1')}
        required
        className={wideClass}
        maxLength={500}
        autoComplete="address-line1"
        value={values.address_line_1}
        onChange={set('address_line_1')}
        error={errors.address_line_1}
      />
      <TextField
        id={`${idPrefix}-address_line_2`}
        label={t('common:address.line2')}
        className={wideClass}
        maxLength={500}
        autoComplete="address-line2"
        value={values.address_line_2}
        onChange={set('address_line_2')}
        error={errors.address_line_2}
      />
      <TextField
        id={`${idPrefix}-city`}
        label={t('common:address.city')}
        required
        maxLength={100}
        autoComplete="address-level2"
        value={values.city}
        onChange={set('city')}
        error={errors.city}
      />
      <SelectField
        id={`${idPrefix}-province`}
        label={t('common:address.province')}
        required
        placeholder={t('common:address.selectProvince')}
        options={PROVINCES}
        optionLabel={provinceName}
        value={values.province}
        onChange={set('province')}
        error={errors.province}
      />
      <TextField
        id={`${idPrefix}-zip`}
        label={t('common:address.zip')}
        required
        maxLength={10}
        autoComplete="postal-code"
        hint={t('common:address.zipHint')}
        value={values.zip}
        onChange={(value) => set('zip')(normalizePostalCode(value))}
        error={errors.zip}
      />
      <TextField
        id={`${idPrefix}-phone_number`}
        label={t('common:address.phone')}
        required
        type="tel"
        inputMode="numeric"
        maxLength={20}
        autoComplete="tel-national"
        hint={t('common:address.phoneHint')}
        value={values.phone_number}
        onChange={(value) => set('phone_number')(normalizePhone(value))}
        error={errors.phone_number}
      />
      <TextField
        id={`${idPrefix}-country`}
        label={t('common:address.country')}
        readOnly
        hint={t('common:address.countryHint')}
        value={t('common:address.canada')}
        error={errors.country}
      />
    </>
  );
}
