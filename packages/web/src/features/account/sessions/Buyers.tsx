import { fieldErrors } from '@shop/domain/account/contact';
import type { BuyerChangeInput } from '@shop/domain/account/schemas';
import { CONTACT_ROLES, type ContactRole, contactCreateSchema } from '@shop/domain/back-office/schemas';
import type { Buyer, BuyersChangedAnswer } from '@shop/domain/core/api';
import { MSG } from '@shop/domain/core/messages';
import { useRef, useState } from 'react';
import { focusFirstError, TextField } from '../../../components/fields';
import { Loading } from '../../../components/Loading';
import { ApiError, api } from '../../../lib/api';
import { failureMessage, serverFieldErrors, translatedErrors } from '../../../lib/failures';
import { t, tm } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useAccountData, useRefreshAccount } from '../data';
import { LoadError } from './LoadError';
import { OrderLimits } from './OrderLimits';

/** A role as the page shows it: Administrator or Buyer. */
function roleName(role: ContactRole): string {
  return t(`account:role.${role}`);
}

type NewBuyer = { first_name: string; last_name: string; email: string; role: ContactRole };
const EMPTY: NewBuyer = { first_name: '', last_name: '', email: '', role: 'buyer' };

function AddBuyer({ onAdded }: { onAdded: (answer: BuyersChangedAnswer) => Promise<void> }) {
  const { customerId } = useSession();
  const [values, setValues] = useState<NewBuyer>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const set = (key: keyof NewBuyer) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem('');
    setDone('');
    const parsed = contactCreateSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(translatedErrors(fieldErrors(parsed.error)));
      focusFirstError(form.current);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { first_name, last_name, email, role } = parsed.data;
      const answer = await api('POST /api/user/buyers/create', {
        body: { buyerInfo: { customer_id: customerId, first_name, last_name, email, role } },
      });
      setValues(EMPTY);
      setDone(answer.smessage);
      await onAdded(answer);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) {
        setErrors(fields);
        focusFirstError(form.current);
      }
      setProblem(failureMessage(error, t('account:buyers.addFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} className="form acct-form acct-form--grid acct-buyers__add" onSubmit={submit} noValidate>
      <h2 className="acct-form__title" id="add-buyer">
        {t('account:buyers.addTitle')}
      </h2>
      <TextField
        id="buyer-first-name"
        label={t('account:buyers.firstName')}
        required
        maxLength={50}
        autoComplete="off"
        value={values.first_name}
        onChange={set('first_name')}
        error={errors.first_name}
      />
      <TextField
        id="buyer-last-name"
        label={t('account:buyers.lastName')}
        required
        maxLength={50}
        autoComplete="off"
        value={values.last_name}
        onChange={set('last_name')}
        error={errors.last_name}
      />
      <TextField
        id="buyer-email"
        label={t('account:buyers.email')}
        type="email"
        required
        maxLength={50}
        autoComplete="off"
        hint={t('account:buyers.emailHint')}
        className="acct-form__wide"
        value={values.email}
        onChange={set('email')}
        error={errors.email}
      />
      <fieldset className="acct-form__wide acct-roles" aria-describedby="buyer-role-hint">
        <legend>{t('account:buyers.role')}</legend>
        {CONTACT_ROLES.map((role) => (
          <label key={role}>
            <input
              type="radio"
              name="buyer-role"
              value={role}
              checked={values.role === role}
              onChange={() => set('role')(role)}
            />{' '}
            {roleName(role)}
          </label>
        ))}
        <p id="buyer-role-hint" className="field-hint">
          {t('account:buyers.roleHint')}
        </p>
        {errors.role && <p className="field-error">{errors.role}</p>}
      </fieldset>
      <p className="acct-form__wide field-error" role="alert">
        {problem}
      </p>
      <p className="acct-form__wide acct-status-line" role="status">
        {done}
      </p>
      <div className="acct-form__wide acct-form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t('account:buyers.add')}
        </button>
      </div>
    </form>
  );
}

function stateOf(buyer: Buyer): string {
  if (!buyer.active) return t('account:buyers.off');
  return buyer.has_password ? t('account:buyers.active') : t('account:buyers.noPassword');
}

/** The company's buyers, for its administrators: add one, change a role, turn one off or on again. */
export function Buyers() {
  const { customer, customerId } = useSession();
  const refreshAccount = useRefreshAccount();
  const { data, error } = useAccountData('buyers');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  // Buyers are told who manages them instead of a failure: the server answers them 403 all the same.
  if (customer?.role === 'buyer' || (error instanceof ApiError && error.status === 403))
    return <p className="acct-note">{tm(MSG.buyersAdminOnly)}</p>;
  if (error) return <LoadError error={error} />;
  if (!data) return <Loading label={t('account:buyers.loading')} />;

  const change = async (buyer: Buyer, change: BuyerChangeInput, done: string) => {
    const name = `${buyer.first_name} ${buyer.last_name}`;
    if (change.active === false && !window.confirm(t('account:buyers.confirmOff', { name }))) return;
    setBusy(buyer.contact_person_id);
    setStatus('');
    try {
      const answer = await api('POST /api/user/:customerid/buyers/:contactId/edit', {
        params: { customerid: customerId, contactId: buyer.contact_person_id },
        body: { buyerInfo: change },
      });
      setStatus(done);
      await refreshAccount([{ session: 'buyers', data: answer.buyers }]);
    } catch (e) {
      window.alert(failureMessage(e, t('account:buyers.changeFailed')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <p>{t('account:buyers.intro')}</p>
      <p className="acct-status-line" role="status">
        {status}
      </p>
      <div className="acct-table-wrap">
        <table className="acct-table acct-buyers">
          <caption className="visually-hidden">{t('account:buyers.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('account:buyers.name')}</th>
              <th scope="col">{t('account:buyers.email')}</th>
              <th scope="col">{t('account:buyers.role')}</th>
              <th scope="col">{t('account:buyers.state')}</th>
              <th scope="col">{t('account:buyers.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((buyer) => {
              const name = `${buyer.first_name} ${buyer.last_name}`;
              const self = buyer.contact_person_id === customer?.contact_person_id;
              const fixed = buyer.is_primary || self;
              const other: ContactRole = buyer.role === 'admin' ? 'buyer' : 'admin';
              const roleAction =
                other === 'admin' ? t('account:buyers.makeAdmin') : t('account:buyers.makeBuyer');
              const stateAction = buyer.active ? t('account:buyers.turnOff') : t('account:buyers.turnOn');
              return (
                <tr key={buyer.contact_person_id}>
                  <td data-label={t('account:buyers.name')}>
                    <span>
                      {name}
                      {buyer.is_primary && (
                        <span className="acct-buyers__tag">{t('account:buyers.primary')}</span>
                      )}
                      {self && <span className="acct-buyers__tag">{t('account:buyers.you')}</span>}
                    </span>
                  </td>
                  <td data-label={t('account:buyers.email')}>{buyer.email || '—'}</td>
                  <td data-label={t('account:buyers.role')}>{roleName(buyer.role)}</td>
                  <td data-label={t('account:buyers.state')}>
                    <span className={buyer.active ? undefined : 'acct-state--off'}>{stateOf(buyer)}</span>
                  </td>
                  <td data-label={t('account:buyers.actions')}>
                    {fixed ? (
                      <span className="acct-muted">—</span>
                    ) : (
                      <span className="acct-buyers__actions">
                        <button
                          type="button"
                          className="btn"
                          disabled={busy === buyer.contact_person_id}
                          aria-label={t('account:buyers.actionOn', { action: roleAction, name })}
                          onClick={() =>
                            void change(
                              buyer,
                              { role: other },
                              t(`account:buyers.changed.${other}`, { name }),
                            )
                          }
                        >
                          {roleAction}
                        </button>
                        <button
                          type="button"
                          className={buyer.active ? 'btn acct-btn--danger' : 'btn'}
                          disabled={busy === buyer.contact_person_id}
                          aria-label={t('account:buyers.actionOn', { action: stateAction, name })}
                          onClick={() =>
                            void change(
                              buyer,
                              { active: !buyer.active },
                              buyer.active
                                ? t('account:buyers.changed.off', { name })
                                : t('account:buyers.changed.on', { name }),
                            )
                          }
                        >
                          {stateAction}
                        </button>
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <AddBuyer
        onAdded={async (answer) => {
          setStatus('');
          await refreshAccount([{ session: 'buyers', data: answer.buyers }]);
        }}
      />
      <OrderLimits key={data.map((b) => `${b.contact_person_id}:${b.role}`).join()} />
    </>
  );
}
