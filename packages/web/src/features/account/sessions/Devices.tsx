/**
 * The account's Devices section: every unit shipped to the company (any buyer of it sees them all), found by
 * the start of a serial and filtered by state, a page at a time, as a CSV file too; and one unit with its
 * history (its order, delivery, plan, returns, warranty claims and replacement).
 */

import { fieldErrors } from '@shop/domain/account/contact';
import {
  type DeviceDetail,
  type DeviceRow,
  devicesQuerySchema,
  UNIT_STATES,
} from '@shop/domain/after-sale/device-schemas';
import { LOCALE } from '@shop/domain/core/i18n';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { focusFirstError, SelectField, TextField } from '../../../components/fields';
import { Loading } from '../../../components/Loading';
import { Pager } from '../../../components/Pager';
import { pageLang, t, tm } from '../../../lib/i18n';
import { useRead } from '../../../lib/reads';
import { useSession } from '../../../lib/session';
import { useAccountReads } from '../loader';
import { LoadError } from './LoadError';

/** A calendar day (YYYY-MM-DD) as the page's language writes it; the same day wherever the reader is. */
function day(value: string | null): string {
  if (!value) return '';
  return new Intl.DateTimeFormat(LOCALE[pageLang()], { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${value.slice(0, 10)}T12:00:00Z`),
  );
}

/** A key's text, or the value itself when the catalogue does not know it. */
function keyed(key: string, fallback: string): string {
  const text = t(key);
  return text === key ? fallback : text;
}

const stateName = (state: string) => t(`after-sale:state.${state}`);
const unitPath = (unitId: number) => `/acer/account/devices/${unitId}`;

function StateTag({ state }: { state: DeviceRow['state'] }) {
  return (
    <span className={state === 'in_warranty' ? 'acct-status' : 'acct-status acct-status--canceled'}>
      {stateName(state)}
    </span>
  );
}

type Filters = { q: string; state: string };
const FILTER_KEYS = ['q', 'state'] as const;

/** Search by the start of a serial and filter by state; kept in the address, so back and forward work. */
function DeviceFilters({ start, apply }: { start: Filters; apply: (filters: Filters) => void }) {
  const [values, setValues] = useState(start);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const set = (key: keyof Filters) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const filtered = FILTER_KEYS.some((key) => start[key] !== '');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = devicesQuerySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          Object.entries(fieldErrors(parsed.error)).map(([field, message]) => [field, tm(message)]),
        ),
      );
      focusFirstError(form.current);
      return;
    }
    setErrors({});
    apply({ ...values, q: values.q.trim() });
  };

  return (
    <form
      ref={form}
      className="form acct-filters"
      role="search"
      aria-label={t('after-sale:devices.find')}
      onSubmit={submit}
      noValidate
    >
      <TextField
        id="devices-q"
        label={t('after-sale:devices.search')}
        type="search"
        maxLength={40}
        autoComplete="off"
        value={values.q}
        onChange={set('q')}
        error={errors.q}
      />
      <SelectField
        id="devices-state"
        label={t('after-sale:devices.state')}
        placeholder={t('after-sale:devices.anyState')}
        options={UNIT_STATES}
        optionLabel={stateName}
        value={values.state}
        onChange={set('state')}
        error={errors.state}
      />
      <div className="acct-filters__actions">
        <button type="submit" className="btn btn--primary">
          {t('after-sale:devices.show')}
        </button>
        {filtered && (
          <button type="button" className="btn" onClick={() => apply({ q: '', state: '' })}>
            {t('after-sale:devices.clear')}
          </button>
        )}
      </div>
    </form>
  );
}

function DeviceList() {
  const [params, setParams] = useSearchParams();
  const { customerId } = useSession();
  const { data, error, loading } = useRead(useAccountReads().devices, { keepPrevious: true });
  const start: Filters = { q: params.get('q') ?? '', state: params.get('state') ?? '' };
  const filtered = FILTER_KEYS.some((key) => start[key] !== '');

  const apply = (filters: Filters) => {
    const next = new URLSearchParams();
    for (const key of FILTER_KEYS) if (filters[key]) next.set(key, filters[key]);
    setParams(next);
  };
  const go = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    setParams(next);
  };
  const csvQuery = new URLSearchParams();
  for (const key of FILTER_KEYS) if (start[key]) csvQuery.set(key, start[key]);
  const csv = `/api/user/${encodeURIComponent(customerId)}/devices.csv${csvQuery.size ? `?${csvQuery}` : ''}`;

  const filters = <DeviceFilters key={params.toString()} start={start} apply={apply} />;
  if (error)
    return (
      <>
        {filters}
        <LoadError error={error} />
      </>
    );
  if (!data) return <Loading label={t('after-sale:devices.loading')} />;
  const { devices, devicesPage } = data;
  if (devicesPage.total === 0 && !filtered)
    return <p className="acct-empty">{t('after-sale:devices.empty')}</p>;
  return (
    <>
      <p>{t('after-sale:devices.intro')}</p>
      {filters}
      <p className="acct-filters__count" role="status">
        {devices.length === 0
          ? t('after-sale:devices.noMatch')
          : t(devicesPage.capped ? 'after-sale:devices.countCapped' : 'after-sale:devices.count', {
              total: devicesPage.total,
              page: devicesPage.page,
              pages: devicesPage.pages,
            })}
      </p>
      {devices.length > 0 && (
        <>
          <p>
            <a className="btn" href={csv} download>
              {t('after-sale:devices.export')}
            </a>
          </p>
          <div className="acct-table-wrap" aria-busy={loading}>
            <table className="acct-table acct-devices">
              <caption className="visually-hidden">{t('after-sale:devices.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('after-sale:devices.colSerial')}</th>
                  <th scope="col">{t('after-sale:devices.colModel')}</th>
                  <th scope="col">{t('after-sale:devices.colCondition')}</th>
                  <th scope="col">{t('after-sale:devices.colOrder')}</th>
                  <th scope="col">{t('after-sale:devices.colInvoice')}</th>
                  <th scope="col">{t('after-sale:devices.colShipped')}</th>
                  <th scope="col">{t('after-sale:devices.colDelivered')}</th>
                  <th scope="col">{t('after-sale:devices.colWarranty')}</th>
                  <th scope="col">{t('after-sale:devices.colState')}</th>
                </tr>
              </thead>
              <tbody>
                {devices.map((d) => (
                  <tr key={d.unit_id}>
                    <th scope="row" data-label={t('after-sale:devices.colSerial')}>
                      <Link
                        to={unitPath(d.unit_id)}
                        aria-label={t('after-sale:devices.unitOf', { serial: d.serial })}
                      >
                        {d.serial}
                      </Link>
                    </th>
                    <td data-label={t('after-sale:devices.colModel')}>
                      {d.item_name}
                      <br />
                      <span className="acct-muted">{t('after-sale:devices.sku', { sku: d.sku })}</span>
                    </td>
                    <td data-label={t('after-sale:devices.colCondition')}>{d.condition_name}</td>
                    <td data-label={t('after-sale:devices.colOrder')}>
                      <Link to={`/acer/order/${d.order_id}`}>{d.order_number}</Link>
                    </td>
                    <td data-label={t('after-sale:devices.colInvoice')}>
                      {d.invoice_id ? (
                        <Link to={`/acer/invoice/${d.invoice_id}`}>{d.invoice_number}</Link>
                      ) : (
                        <span className="acct-muted">{t('after-sale:devices.none')}</span>
                      )}
                    </td>
                    <td data-label={t('after-sale:devices.colShipped')}>{day(d.shipped_on)}</td>
                    <td data-label={t('after-sale:devices.colDelivered')}>
                      {d.delivered_on ? (
                        day(d.delivered_on)
                      ) : (
                        <span className="acct-muted">{t('after-sale:devices.none')}</span>
                      )}
                    </td>
                    <td data-label={t('after-sale:devices.colWarranty')}>
                      {day(d.warranty_ends_on)}
                      <br />
                      <span className="acct-muted">{t(`after-sale:basis.${d.warranty_basis}`)}</span>
                    </td>
                    <td data-label={t('after-sale:devices.colState')}>
                      <StateTag state={d.state} />
                      {d.state === 'in_warranty' && (
                        <>
                          <br />
                          <ClaimLink serial={d.serial} />
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {devicesPage.pages > 1 && (
        <Pager
          label={t('after-sale:devices.pages')}
          page={devicesPage.page}
          pages={devicesPage.pages}
          go={go}
        />
      )}
    </>
  );
}

/** The unit's history as dated events, oldest first. */
function historyOf(d: DeviceDetail): { on: string; text: React.ReactNode; key: string }[] {
  const events: { on: string; text: React.ReactNode; key: string }[] = [
    {
      key: 'ordered',
      on: d.ordered_on,
      text: (
        <>
          {t('after-sale:devices.ordered')} <Link to={`/acer/order/${d.order_id}`}>{d.order_number}</Link>
        </>
      ),
    },
    { key: 'shipped', on: d.shipped_on, text: t('after-sale:devices.shipped') },
  ];
  if (d.delivered_on)
    events.push({ key: 'delivered', on: d.delivered_on, text: t('after-sale:devices.delivered') });
  if (d.plan)
    events.push({
      key: 'plan',
      on: d.ordered_on,
      text: (
        <Link to={`/acer/order/${d.plan.order_id}`}>
          {t('after-sale:devices.planRegistered', { plan: d.plan.item_name, order: d.plan.order_number })}
        </Link>
      ),
    });
  for (const r of d.returns)
    events.push({
      key: `return-${r.return_id}`,
      on: r.created_at,
      text: (
        <Link to={`/acer/returns/${r.return_id}`}>
          {t('after-sale:devices.returnEvent', {
            rma: r.rma_number,
            state: keyed(`after-sale:returnState.${r.state}`, r.state),
          })}
        </Link>
      ),
    });
  for (const c of d.claims)
    events.push({
      key: `claim-${c.claim_id}`,
      on: c.created_at,
      text: t('after-sale:devices.claimEvent', {
        claim: c.claim_number,
        state: keyed(`after-sale:claimState.${c.state}`, c.state),
      }),
    });
  if (d.returned_at)
    events.push({ key: 'returned', on: d.returned_at, text: t('after-sale:devices.returnedEvent') });
  return events.sort((a, b) => a.on.slice(0, 10).localeCompare(b.on.slice(0, 10)));
}

/** A unit in warranty: the warranty claim form, its serial filled in. */
function ClaimLink({ serial }: { serial: string }) {
  return (
    <Link
      to={`/acer/extended-warranty/submit-warranty-claim?serial=${encodeURIComponent(serial)}`}
      aria-label={t('warranty-claims:device.claimFor', { serial })}
    >
      {t('warranty-claims:device.claim')}
    </Link>
  );
}

function DeviceView() {
  const { data, error } = useRead(useAccountReads().device);
  const back = { to: '/acer/account/devices', label: t('after-sale:devices.back') };
  if (error) return <LoadError error={error} back={back} />;
  if (!data) return <Loading label={t('after-sale:devices.loading')} />;
  const d = data;
  return (
    <>
      <p>
        <Link to={back.to}>‹ {back.label}</Link>
      </p>
      <section aria-labelledby="device-title">
        <h2 id="device-title">{t('after-sale:devices.unitTitle', { serial: d.serial })}</h2>
        <dl className="acct-details">
          <dt>{t('after-sale:devices.colModel')}</dt>
          <dd>
            {d.item_name} ({t('after-sale:devices.sku', { sku: d.sku })})
          </dd>
          <dt>{t('after-sale:devices.colCondition')}</dt>
          <dd>{d.condition_name}</dd>
          <dt>{t('after-sale:devices.colOrder')}</dt>
          <dd>
            <Link to={`/acer/order/${d.order_id}`}>{d.order_number}</Link>
          </dd>
          <dt>{t('after-sale:devices.colInvoice')}</dt>
          <dd>
            {d.invoice_id ? (
              <Link to={`/acer/invoice/${d.invoice_id}`}>{d.invoice_number}</Link>
            ) : (
              t('after-sale:devices.none')
            )}
          </dd>
          <dt>{t('after-sale:devices.colWarranty')}</dt>
          <dd>
            {day(d.warranty_ends_on)} ({t(`after-sale:basis.${d.warranty_basis}`)})
          </dd>
          <dt>{t('after-sale:devices.colState')}</dt>
          <dd>
            <StateTag state={d.state} />
            {d.state === 'in_warranty' && (
              <>
                {' '}
                <ClaimLink serial={d.serial} />
              </>
            )}
          </dd>
          {d.replaced_by && (
            <>
              <dt>{t('after-sale:state.replaced')}</dt>
              <dd>
                <Link to={unitPath(d.replaced_by.unit_id)}>
                  {t('after-sale:devices.replacedBy', { serial: d.replaced_by.serial })}
                </Link>
              </dd>
            </>
          )}
          {d.replaces && (
            <>
              <dt>{t('after-sale:devices.history')}</dt>
              <dd>
                <Link to={unitPath(d.replaces.unit_id)}>
                  {t('after-sale:devices.replaces', { serial: d.replaces.serial })}
                </Link>
              </dd>
            </>
          )}
        </dl>
      </section>
      <section aria-labelledby="device-history">
        <h2 id="device-history">{t('after-sale:devices.history')}</h2>
        <div className="acct-table-wrap">
          <table className="acct-table">
            <caption className="visually-hidden">
              {t('after-sale:devices.historyCaption', { serial: d.serial })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('after-sale:devices.colDate')}</th>
                <th scope="col">{t('after-sale:devices.colEvent')}</th>
              </tr>
            </thead>
            <tbody>
              {historyOf(d).map((e) => (
                <tr key={e.key}>
                  <td data-label={t('after-sale:devices.colDate')}>{day(e.on)}</td>
                  <td data-label={t('after-sale:devices.colEvent')}>{e.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}

/** The Devices section: the list, or one unit when the address names it. */
export function Devices({ unitId }: { unitId?: string }) {
  return unitId ? <DeviceView /> : <DeviceList />;
}
