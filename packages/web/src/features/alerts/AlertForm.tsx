/**
 * The stock alert's form: conditions, the least quantity in stock and an optional highest price (the
 * buyer's own). It makes an alert ("Alert me" on a product or listing page) or changes one (the account).
 * The server checks everything again; its message shows when it refuses.
 */
import { ALERT_CONDITIONS, type AlertCondition, MAX_ALERT_QUANTITY } from '@shop/domain/alerts/rules';
import type { AlertAnswer, AlertCreateInput } from '@shop/domain/alerts/schemas';
import { parsePrice } from '@shop/domain/core/money-text';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { failureMessage } from '../../lib/failures';
import { t } from '../../lib/i18n';
import { conditionName } from '../../lib/labels';

export interface AlertFormValues {
  conditions: AlertCondition[];
  min_quantity: number;
  max_price: number | null;
}

export function AlertForm({
  title,
  offered = ALERT_CONDITIONS,
  initial,
  save,
  onSaved,
  onCancel,
  note,
}: {
  title: string;
  offered?: readonly AlertCondition[];
  initial: AlertFormValues;
  /** Sends the form's values; resolves with the server's answer. */
  save: (values: AlertFormValues) => Promise<AlertAnswer>;
  onSaved: (answer: AlertAnswer) => void;
  onCancel: () => void;
  note?: string;
}) {
  const id = useId();
  const [conditions, setConditions] = useState<AlertCondition[]>(initial.conditions);
  const [quantity, setQuantity] = useState(String(initial.min_quantity));
  const [price, setPrice] = useState(initial.max_price === null ? '' : String(initial.max_price));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem('');
    const wrong: Record<string, string> = {};
    const n = Number(quantity);
    if (conditions.length === 0) wrong.conditions = t('alerts:conditionsRequired');
    if (!/^\d+$/.test(quantity) || n < 1 || n > MAX_ALERT_QUANTITY)
      wrong.quantity = t('alerts:quantityInvalid');
    // "1,200" is twelve hundred and "1 200,50" a French amount: the one reading of typed dollars.
    const cents = price.trim() === '' ? null : parsePrice(price);
    const dollars = cents === null ? null : cents / 100;
    if (price.trim() !== '' && !(cents !== null && cents > 0)) wrong.price = t('alerts:priceInvalid');
    setErrors(wrong);
    if (Object.keys(wrong).length > 0) return;
    setBusy(true);
    try {
      onSaved(await save({ conditions, min_quantity: n, max_price: dollars }));
    } catch (error) {
      setProblem(failureMessage(error, t('alerts:saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="alert-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="alert-form__title">
        {title}
      </h2>
      {note && <p className="alert-form__note">{note}</p>}
      <fieldset
        className="alert-form__conditions"
        aria-describedby={errors.conditions ? `${id}-conditions-error` : undefined}
      >
        <legend>{t('alerts:conditions')}</legend>
        {offered.map((condition) => (
          <label key={condition} className="alert-form__check">
            <input
              type="checkbox"
              checked={conditions.includes(condition)}
              onChange={(e) =>
                setConditions((list) =>
                  offered.filter((c) => (c === condition ? e.target.checked : list.includes(c))),
                )
              }
            />{' '}
            {conditionName(condition)}
          </label>
        ))}
        {errors.conditions && (
          <p id={`${id}-conditions-error`} className="field-error" role="alert">
            {errors.conditions}
          </p>
        )}
      </fieldset>
      <div className="alert-form__field">
        <label htmlFor={`${id}-quantity`}>{t('alerts:minQuantity')}</label>
        <input
          id={`${id}-quantity`}
          inputMode="numeric"
          value={quantity}
          onChange={(e) => setQuantity(e.target.value.replace(/\D/g, ''))}
          aria-invalid={errors.quantity ? true : undefined}
          aria-describedby={errors.quantity ? `${id}-quantity-error` : undefined}
        />
        {errors.quantity && (
          <p id={`${id}-quantity-error`} className="field-error" role="alert">
            {errors.quantity}
          </p>
        )}
      </div>
      <div className="alert-form__field">
        <label htmlFor={`${id}-price`}>{t('alerts:maxPrice')}</label>
        <input
          id={`${id}-price`}
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          aria-invalid={errors.price ? true : undefined}
          aria-describedby={`${id}-price-hint${errors.price ? ` ${id}-price-error` : ''}`}
        />
        <p id={`${id}-price-hint`} className="field-hint">
          {t('alerts:maxPriceHint')}
        </p>
        {errors.price && (
          <p id={`${id}-price-error`} className="field-error" role="alert">
            {errors.price}
          </p>
        )}
      </div>
      {problem && (
        <p className="banner banner--error" role="alert">
          {problem}
        </p>
      )}
      <div className="alert-form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? t('alerts:saving') : t('alerts:save')}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {t('alerts:cancel')}
        </button>
      </div>
    </form>
  );
}

/** "Alert me": a button that opens the form and makes the alert; the server's answer says what happened. */
export function AlertMe({
  target,
  offered,
  preferred,
  listing = false,
  note,
}: {
  target: AlertCreateInput['target'];
  offered: readonly AlertCondition[];
  preferred?: AlertCondition;
  listing?: boolean;
  note?: string;
}) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState('');
  const start: AlertCondition[] = preferred && offered.includes(preferred) ? [preferred] : [...offered];
  return (
    <div className="alert-me">
      {!open && (
        <button
          type="button"
          className="btn alert-me__button"
          onClick={() => {
            setDone('');
            setOpen(true);
          }}
        >
          {listing ? t('alerts:alertMeListing') : t('alerts:alertMe')}
        </button>
      )}
      {open && (
        <AlertForm
          title={listing ? t('alerts:formTitleListing') : t('alerts:formTitle')}
          offered={offered}
          note={note}
          initial={{ conditions: start, min_quantity: 1, max_price: null }}
          save={(values) => api('POST /api/user/alerts', { body: { target, ...values } })}
          onSaved={(answer) => {
            setOpen(false);
            setDone(answer.smessage);
          }}
          onCancel={() => setOpen(false)}
        />
      )}
      <p className="alert-me__status" role="status">
        {done && (
          <>
            {done} <Link to="/acer/account/stockAlerts">{t('alerts:manage')}</Link>
          </>
        )}
      </p>
    </div>
  );
}
