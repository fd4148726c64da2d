import { describe, expect, it } from 'vitest';
import { addDays } from '../core/days';
import { formatMoney } from '../core/money';
import {
  ACCOUNTS_MSG,
  ageBalances,
  agingBucket,
  daysOverdue,
  invoiceState,
  paymentProblem,
  paymentSchema,
  receivablesQuerySchema,
  reminderStage,
  reminderStagesReached,
  reversalSchema,
} from './schemas';

const DUE = '2026-03-31';

describe('aging', () => {
  it('is current up to and on the due day, then by days past it', () => {
    const cases: [string, string, number][] = [
      ['2026-03-01', 'current', 0],
      ['2026-03-31', 'current', 0],
      ['2026-04-01', 'days_1_30', 1],
      ['2026-04-30', 'days_1_30', 30],
      ['2026-05-01', 'days_31_60', 31],
      ['2026-05-30', 'days_31_60', 60],
      ['2026-05-31', 'days_61_90', 61],
      ['2026-06-29', 'days_61_90', 90],
      ['2026-06-30', 'over_90', 91],
      ['2027-03-31', 'over_90', 365],
    ];
    for (const [today, bucket, days] of cases) {
      expect(agingBucket(DUE, today), today).toBe(bucket);
      expect(daysOverdue(DUE, today), today).toBe(days);
    }
  });

  it('calls an invoice paid once nothing is left, overdue once past due, else open', () => {
    expect(invoiceState(0, DUE, '2026-06-01')).toBe('paid');
    expect(invoiceState(-500, DUE, '2026-06-01')).toBe('paid');
    expect(invoiceState(1, DUE, DUE)).toBe('open');
    expect(invoiceState(1, DUE, '2026-04-01')).toBe('overdue');
  });

  it('adds balances by bucket; credits count in the balance but do not age', () => {
    const owed = ageBalances(
      [
        { balanceCents: 10_000, dueOn: '2026-04-15' },
        { balanceCents: 2_500, dueOn: '2026-03-20' },
        { balanceCents: 4_000, dueOn: '2026-02-01' },
        { balanceCents: 1_000, dueOn: '2025-12-01' },
        { balanceCents: 700, dueOn: '2025-06-01' },
        { balanceCents: 0, dueOn: '2025-01-01' },
        { balanceCents: -300, dueOn: '2025-01-01' },
      ],
      '2026-04-01',
    );
    expect(owed).toEqual({
      balanceCents: 10_000 + 2_500 + 4_000 + 1_000 + 700 - 300,
      overdueCents: 2_500 + 4_000 + 1_000 + 700,
      aging: { current: 10_000, days_1_30: 2_500, days_31_60: 4_000, days_61_90: 0, over_90: 1_700 },
      oldestDueOn: '2025-06-01',
      openInvoices: 5,
    });
  });
});

describe('reminder stages', () => {
  it('are none before the due day, 0 on it, then 15 and 30 days past it', () => {
    expect(reminderStage(DUE, '2026-03-30')).toBeNull();
    expect(reminderStage(DUE, DUE)).toBe(0);
    expect(reminderStage(DUE, addDays(DUE, 14))).toBe(0);
    expect(reminderStage(DUE, addDays(DUE, 15))).toBe(15);
    expect(reminderStage(DUE, addDays(DUE, 29))).toBe(15);
    expect(reminderStage(DUE, addDays(DUE, 30))).toBe(30);
    expect(reminderStage(DUE, addDays(DUE, 400))).toBe(30);
  });

  it('lists every stage reached, so lower ones are marked when a higher one is sent', () => {
    expect(reminderStagesReached(DUE, '2026-03-30')).toEqual([]);
    expect(reminderStagesReached(DUE, addDays(DUE, 20))).toEqual([0, 15]);
    expect(reminderStagesReached(DUE, addDays(DUE, 31))).toEqual([0, 15, 30]);
  });
});

describe('a payment', () => {
  const good = { amount: '250.50', received_on: '2026-03-02', method: 'cheque', reference: ' 1042 ' };

  it('takes dollars to cents, a real day, a method and a short reference', () => {
    expect(paymentSchema.parse(good)).toEqual({
      amount: 25_050,
      received_on: '2026-03-02',
      method: 'cheque',
      reference: '1042',
    });
    expect(paymentSchema.parse({ ...good, amount: 19.99, reference: undefined }).amount).toBe(1_999);
    expect(paymentSchema.parse({ ...good, reference: undefined }).reference).toBe('');
  });

  const refused = (input: Record<string, unknown>) => {
    const result = paymentSchema.safeParse({ ...good, ...input });
    expect(result.success).toBe(false);
    return result.error!.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
  };

  it('is refused with a message per field', () => {
    expect(refused({ amount: 0 })).toEqual([`amount: ${ACCOUNTS_MSG.amount}`]);
    expect(refused({ amount: -5 })).toEqual([`amount: ${ACCOUNTS_MSG.amount}`]);
    expect(refused({ amount: '12.345' })).toEqual([`amount: ${ACCOUNTS_MSG.amount}`]);
    expect(refused({ amount: 'ten' })).toEqual([`amount: ${ACCOUNTS_MSG.amount}`]);
    expect(refused({ received_on: '02/03/2026' })).toEqual([`received_on: ${ACCOUNTS_MSG.receivedOn}`]);
    expect(refused({ received_on: '2026-02-30' })).toEqual([`received_on: ${ACCOUNTS_MSG.receivedOnReal}`]);
    expect(refused({ method: 'cash' })).toEqual([`method: ${ACCOUNTS_MSG.method}`]);
    expect(refused({ reference: 'x'.repeat(101) })).toEqual([`reference: ${ACCOUNTS_MSG.reference}`]);
  });

  const money = (cents: number) => formatMoney(cents);
  const invoice = { invoiceNumber: 'INV-000042', balanceCents: 10_000 };

  it('is not dated in the future nor more than the balance due', () => {
    const today = '2026-03-02';
    expect(paymentProblem({ amountCents: 10_000, receivedOn: today }, invoice, today, money)).toBeNull();
    expect(paymentProblem({ amountCents: 1, receivedOn: '2026-03-03' }, invoice, today, money)).toEqual({
      field: 'received_on',
      message: ACCOUNTS_MSG.receivedOnFuture,
    });
    expect(paymentProblem({ amountCents: 10_001, receivedOn: today }, invoice, today, money)).toEqual({
      field: 'amount',
      message: 'The amount $100.01 is more than the balance due on invoice INV-000042, $100.00.',
    });
    expect(
      paymentProblem({ amountCents: 1, receivedOn: today }, { ...invoice, balanceCents: 0 }, today, money),
    ).toEqual({ field: 'amount', message: ACCOUNTS_MSG.paidInFull('INV-000042') });
  });

  it('is reversed only with a reason', () => {
    expect(reversalSchema.parse({ reason: '  Cheque returned NSF ' })).toEqual({
      reason: 'Cheque returned NSF',
    });
    for (const reason of ['', '   ', undefined, 'x'.repeat(1001)])
      expect(reversalSchema.safeParse({ reason }).error?.issues[0]?.message).toBe(ACCOUNTS_MSG.reason);
  });
});

describe('the receivables query', () => {
  it('reads its flags from the query string', () => {
    expect(receivablesQuerySchema.parse({})).toMatchObject({ page: 1, overdue: false, all: false });
    expect(receivablesQuerySchema.parse({ overdue: 'true', q: ' acme ' })).toMatchObject({
      overdue: true,
      q: 'acme',
    });
    expect(receivablesQuerySchema.safeParse({ overdue: 'maybe' }).error?.issues[0]?.message).toBe(
      ACCOUNTS_MSG.overdue,
    );
  });
});
