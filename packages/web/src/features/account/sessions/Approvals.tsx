/**
 * Orders sent for approval. Administrators: the company's requests (Approvals section), one opened to
 * approve (the order is placed in the buyer's name; when prices or stock changed the server says what and
 * the administrator confirms) or decline with a reason. Buyers: their own requests above their orders, a
 * pending one withdrawn. The server decides everything; the page shows its answers.
 */
import type { ApprovalChange, ApprovalDecidedAnswer, ApprovalView } from '@shop/domain/approvals/schemas';
import { toCents } from '@shop/domain/core/money';
import { useState } from 'react';
import { Link } from 'react-router';
import { Loading } from '../../../components/Loading';
import { Moment } from '../../../components/Moment';
import { ApiError, api } from '../../../lib/api';
import { failureMessage } from '../../../lib/failures';
import { money, t } from '../../../lib/i18n';
import { conditionName } from '../../../lib/labels';
import { refreshReads, useRead } from '../../../lib/reads';
import { useSession } from '../../../lib/session';
import { useAccountReads } from '../loader';
import { LoadError } from './LoadError';

/** A request's state as a buyer reads it: waiting, approved as an order, or declined with the reason. */
function approvalState(a: ApprovalView): string {
  if (a.status === 'declined') return t('approvals:declinedReason', { reason: a.decline_reason });
  if (a.status === 'approved' && a.order_number)
    return t('approvals:approvedAs', { orderNumber: a.order_number });
  return t(`approvals:status.${a.status}`);
}

/** The requests the account's loader read (on the server for the first page), read again after a change. */
function useApprovals() {
  const { data, error } = useRead(useAccountReads().approvals);
  return { answer: data, error, reload: () => refreshReads('/user/approvals') };
}

/** The navigation's label: Approvals(n) with the requests waiting. */
export function ApprovalsNavLabel() {
  const { answer } = useApprovals();
  return <>{answer ? t('approvals:navCount', { count: answer.pending }) : t('approvals:nav')}</>;
}

/** The administrators' list (Approvals section). */
export function Approvals({ approvalId }: { approvalId?: string }) {
  if (approvalId) return <ApprovalDetail />;
  return <ApprovalList />;
}

function ApprovalList() {
  const { answer, error } = useApprovals();
  if (error) return <LoadError error={error} />;
  if (!answer) return <Loading label={t('approvals:loading')} />;
  return (
    <>
      <p>{t('approvals:intro')}</p>
      <p className="acct-status-line" role="status">
        {t('approvals:waiting', { count: answer.pending })}
      </p>
      {answer.approvals.length === 0 ? (
        <p className="acct-empty">{t('approvals:none')}</p>
      ) : (
        <div className="acct-table-wrap">
          <table className="acct-table acct-approvals">
            <caption className="visually-hidden">{t('approvals:caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('approvals:col.number')}</th>
                <th scope="col">{t('approvals:col.buyer')}</th>
                <th scope="col">{t('approvals:col.sent')}</th>
                <th scope="col">{t('approvals:col.po')}</th>
                <th scope="col">{t('approvals:col.total')}</th>
                <th scope="col">{t('approvals:col.status')}</th>
              </tr>
            </thead>
            <tbody>
              {answer.approvals.map((a) => (
                <tr key={a.approval_id}>
                  <td data-label={t('approvals:col.number')}>
                    <Link
                      to={`/acer/account/approvals/${a.approval_id}`}
                      aria-label={t('approvals:open', { number: a.number })}
                    >
                      {a.number}
                    </Link>
                  </td>
                  <td data-label={t('approvals:col.buyer')}>{a.buyer.name || a.buyer.email}</td>
                  <td data-label={t('approvals:col.sent')}>
                    <Moment at={a.created_at} time />
                  </td>
                  <td data-label={t('approvals:col.po')}>{a.purchase_order_id}</td>
                  <td data-label={t('approvals:col.total')}>{money(toCents(a.total))}</td>
                  <td data-label={t('approvals:col.status')}>{approvalState(a)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function Changes({ changes, total }: { changes: ApprovalChange[]; total?: number | undefined }) {
  return (
    <section className="banner acct-approval__changes" aria-labelledby="approval-changes">
      <h2 id="approval-changes">{t('approvals:changedTitle')}</h2>
      <ul>
        {changes.map((c) => (
          <li key={`${c.item_id}|${c.item_condition}`}>
            <strong>{c.item_name}</strong> ({c.sku}):{' '}
            {c.price_now === null
              ? t('approvals:notOffered')
              : c.stock_short !== null
                ? t('approvals:stockShort', { left: c.stock_short, quantity: c.quantity })
                : t('approvals:priceChange', {
                    was: money(toCents(c.price_was)),
                    now: money(toCents(c.price_now)),
                  })}
          </li>
        ))}
      </ul>
      {total !== undefined && <p>{t('approvals:totalNow', { total: money(toCents(total)) })}</p>}
    </section>
  );
}

function ApprovalDetail() {
  const read = useRead(useAccountReads().approval);
  const [decided, setApproval] = useState<ApprovalView | null>(null);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState('');
  const [changes, setChanges] = useState<{
    list: ApprovalChange[];
    canConfirm: boolean;
    total?: number;
  } | null>(null);
  const [reason, setReason] = useState('');
  const [declining, setDeclining] = useState(false);
  const [busy, setBusy] = useState(false);

  // What a decision answered, else what the loader read.
  const approval = decided ?? read.data;
  if (read.error && !decided) return <LoadError error={read.error} />;
  if (!approval) return <Loading label={t('approvals:loading')} />;

  /** Sends a decision on this request (its path's parameters given). */
  const decide = async (send: (params: { approvalId: number }) => Promise<ApprovalDecidedAnswer>) => {
    setBusy(true);
    setStatus('');
    setProblem('');
    try {
      const answer = await send({ approvalId: approval.approval_id });
      setApproval(answer.approval);
      setChanges(null);
      setDeclining(false);
      setStatus(answer.smessage);
      refreshReads('/user/approvals');
    } catch (error) {
      const changed = error instanceof ApiError ? error.body.changes : undefined;
      if (Array.isArray(changed))
        setChanges({
          list: changed as ApprovalChange[],
          canConfirm: error instanceof ApiError && error.body.can_confirm === true,
          total:
            error instanceof ApiError && typeof error.body.total_now === 'number'
              ? error.body.total_now
              : undefined,
        });
      setProblem(failureMessage(error, t('approvals:failed')));
    } finally {
      setBusy(false);
    }
  };

  const pending = approval.status === 'pending';
  return (
    <article className="acct-approval">
      <p>
        <Link to="/acer/account/approvals">{t('approvals:back')}</Link>
      </p>
      <h2>{t('approvals:heading', { number: approval.number })}</h2>
      <p>
        {t('approvals:sentBy', { name: approval.buyer.name || approval.buyer.email })},{' '}
        <Moment at={approval.created_at} time />
      </p>
      <p data-testid="approval-state">
        <strong>{approvalState(approval)}</strong>
        {approval.decided_by && !pending && <> — {t('approvals:decidedBy', { name: approval.decided_by })}</>}
      </p>
      <p>
        {t('approvals:overLimit', {
          total: money(toCents(approval.total)),
          limit: money(toCents(approval.limit)),
        })}
      </p>
      <dl className="acct-approval__facts">
        <dt>{t('approvals:col.po')}</dt>
        <dd>{approval.purchase_order_id}</dd>
        <dt>{t('approvals:shipping')}</dt>
        <dd>{approval.shipping_method}</dd>
        {approval.ship_to && (
          <>
            <dt>{t('approvals:shipTo')}</dt>
            <dd>{approval.ship_to}</dd>
          </>
        )}
      </dl>
      <div className="acct-table-wrap">
        <table className="acct-table">
          <thead>
            <tr>
              <th scope="col">{t('approvals:item')}</th>
              <th scope="col">{t('approvals:sku')}</th>
              <th scope="col">{t('approvals:condition')}</th>
              <th scope="col">{t('approvals:quantity')}</th>
              <th scope="col">{t('approvals:unitPrice')}</th>
            </tr>
          </thead>
          <tbody>
            {approval.lines.map((l) => (
              <tr key={`${l.item_id}|${l.item_condition}`}>
                <td data-label={t('approvals:item')}>{l.item_name}</td>
                <td data-label={t('approvals:sku')}>{l.sku}</td>
                <td data-label={t('approvals:condition')}>{conditionName(l.item_condition)}</td>
                <td data-label={t('approvals:quantity')}>{l.quantity}</td>
                <td data-label={t('approvals:unitPrice')}>{money(toCents(l.unit_price))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        {t('approvals:subtotal')}: {money(toCents(approval.subtotal))} · {t('approvals:total')}:{' '}
        {money(toCents(approval.total))}
      </p>
      <p className="acct-status-line" role="status">
        {status}
      </p>
      <p className="field-error" role="alert">
        {problem}
      </p>
      {changes && <Changes changes={changes.list} total={changes.total} />}
      {approval.order_id && approval.order_number && (
        <p>
          <Link className="btn" to={`/acer/order/${approval.order_id}`}>
            {t('approvals:viewOrder', { orderNumber: approval.order_number })}
          </Link>
        </p>
      )}
      {pending && (
        <div className="acct-form__actions">
          {changes?.canConfirm ? (
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy}
              onClick={() =>
                void decide((params) =>
                  api('POST /api/user/approvals/:approvalId/approve', {
                    params,
                    body: {
                      confirm: true,
                      // The prices shown: one that moves again before this reaches the shop is shown anew.
                      prices: changes.list.flatMap((c) =>
                        c.price_now === null
                          ? []
                          : [{ item_id: c.item_id, item_condition: c.item_condition, price: c.price_now }],
                      ),
                    },
                  }),
                )
              }
            >
              {t('approvals:confirm')}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy}
              onClick={() =>
                void decide((params) =>
                  api('POST /api/user/approvals/:approvalId/approve', { params, body: {} }),
                )
              }
            >
              {t('approvals:approve')}
            </button>
          )}{' '}
          <button
            type="button"
            className="btn acct-btn--danger"
            disabled={busy}
            onClick={() => setDeclining(true)}
          >
            {t('approvals:decline')}
          </button>
        </div>
      )}
      {pending && declining && (
        <form
          className="form acct-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void decide((params) =>
              api('POST /api/user/approvals/:approvalId/decline', { params, body: { reason } }),
            );
          }}
        >
          <label htmlFor="decline-reason">{t('approvals:reason')}</label>
          <textarea
            id="decline-reason"
            maxLength={500}
            rows={3}
            value={reason}
            aria-describedby="decline-reason-hint"
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <p id="decline-reason-hint" className="field-hint">
            {t('approvals:reasonHint')}
          </p>
          <button type="submit" className="btn acct-btn--danger" disabled={busy}>
            {t('approvals:declineSend')}
          </button>
        </form>
      )}
    </article>
  );
}

/** A buyer's own requests, above their orders: waiting, approved or declined (with the reason). */
export function MyApprovals() {
  const { customer } = useSession();
  const { answer, error, reload } = useApprovals();
  const [problem, setProblem] = useState('');
  const [status, setStatus] = useState('');
  // Administrators are never held: their Approvals section lists the company's requests.
  if (customer?.role !== 'buyer' || error || !answer || answer.approvals.length === 0) return null;

  const withdraw = async (a: ApprovalView) => {
    if (!window.confirm(t('approvals:confirmWithdraw', { number: a.number }))) return;
    setProblem('');
    try {
      const done = await api('POST /api/user/approvals/:approvalId/withdraw', {
        params: { approvalId: a.approval_id },
      });
      setStatus(done.smessage);
      reload();
    } catch (e) {
      setProblem(failureMessage(e, t('approvals:failed')));
    }
  };

  return (
    <section className="acct-section acct-my-approvals" aria-labelledby="my-approvals-title">
      <h2 id="my-approvals-title">{t('approvals:mineTitle')}</h2>
      <p className="acct-status-line" role="status">
        {status}
      </p>
      <p className="field-error" role="alert">
        {problem}
      </p>
      <div className="acct-table-wrap">
        <table className="acct-table">
          <caption className="visually-hidden">{t('approvals:caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('approvals:col.number')}</th>
              <th scope="col">{t('approvals:col.sent')}</th>
              <th scope="col">{t('approvals:col.po')}</th>
              <th scope="col">{t('approvals:col.total')}</th>
              <th scope="col">{t('approvals:col.status')}</th>
            </tr>
          </thead>
          <tbody>
            {answer.approvals.map((a) => (
              <tr key={a.approval_id} data-testid={`approval-${a.number}`}>
                <td data-label={t('approvals:col.number')}>{a.number}</td>
                <td data-label={t('approvals:col.sent')}>
                  <Moment at={a.created_at} time />
                </td>
                <td data-label={t('approvals:col.po')}>{a.purchase_order_id}</td>
                <td data-label={t('approvals:col.total')}>{money(toCents(a.total))}</td>
                <td data-label={t('approvals:col.status')}>
                  {a.status === 'approved' && a.order_id ? (
                    <Link to={`/acer/order/${a.order_id}`}>{approvalState(a)}</Link>
                  ) : (
                    approvalState(a)
                  )}
                  {a.status === 'pending' && (
                    <>
                      {' '}
                      <button
                        type="button"
                        className="btn"
                        aria-label={t('approvals:withdrawOne', { number: a.number })}
                        onClick={() => void withdraw(a)}
                      >
                        {t('approvals:withdraw')}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
