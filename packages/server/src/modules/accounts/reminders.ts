/**
 * Overdue reminders: an unpaid current invoice is mailed to its company's administrators on its due day and
 * at 15 and 30 days past it (the shop's day, in SHOP_TIME_ZONE), once each. Every server process runs a pass every
 * few minutes (REMINDER_POLL_MS); what makes "once" hold with any number of them is the database: a stage is
 * claimed by inserting its invoice_reminders row (order_id, stage) with ON CONFLICT DO NOTHING, and the
 * mails are queued in that same transaction only when the row was inserted. When several stages are due at
 * once (a process was down, an invoice was made late), the highest is mailed and the lower ones are marked
 * with it, so they are never sent late.
 */
import {
  daysOverdue,
  REMINDER_STAGES,
  type ReminderStage,
  reminderStagesReached,
} from '@shop/domain/accounts/schemas';
import { todayIn } from '@shop/domain/core/days';
import { LOCALE } from '@shop/domain/core/i18n';
import { formatMoney } from '@shop/domain/core/money';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { contacts, customers, invoiceReminders, invoices, orders } from '../../db/schema';
import { mailLanguageOf } from '../../i18n/buyer-lang';
import { queueMail } from '../../mail/outbox';
import { mailText } from '../../mail/templates';
import { oneLine } from '../../mail/text';
import { countReminder } from '../../metrics/counters';
import { invoiceBalanceSql, OWING_STATUSES } from '../orders';

export interface ReminderDeps {
  db: Db;
  config: Pick<Config, 'PUBLIC_URL' | 'SHOP_EMAIL' | 'SHOP_TIME_ZONE'>;
  /** Wakes this process's mail loop after a commit (other processes hear of the mail through NOTIFY). */
  mailer?: { kick?(): void };
}

export interface ReminderSent {
  orderId: number;
  invoiceId: number;
  invoiceNumber: string;
  stage: ReminderStage;
  /** The outbox ids of the mails queued (one per administrator with an e-mail address). */
  mailIds: number[];
}

/** Invoices looked at per query; a pass goes on until none is left. */
const BATCH = 200;

/** The highest stage an invoice due on `due_on` has reached on `today`, in SQL (from REMINDER_STAGES). */
function highestStageSql(today: string) {
  const past = sql`(${today}::date - ${invoices.dueOn})`;
  const whens = [...REMINDER_STAGES]
    .reverse()
    .map((stage) => sql`when ${past} >= ${sql.raw(String(stage))} then ${sql.raw(String(stage))}`);
  return sql`(case ${sql.join(whens, sql` `)} end)`;
}

/**
 * One pass: every unpaid current invoice whose highest stage reached today has no reminder yet gets it
 * (see the file's comment). Safe to run at once in any number of processes; returns what this one sent.
 */
export async function runReminderPass(
  deps: ReminderDeps,
  options: { today?: string } = {},
): Promise<ReminderSent[]> {
  const today = options.today ?? todayIn(deps.config.SHOP_TIME_ZONE);
  const sent: ReminderSent[] = [];
  const seen = new Set<number>();
  for (;;) {
    const due = await deps.db
      .select({ invoiceId: invoices.invoiceId })
      .from(invoices)
      .innerJoin(orders, eq(orders.orderId, invoices.orderId))
      .where(
        and(
          isNull(invoices.replacedAt),
          inArray(orders.status, [...OWING_STATUSES]),
          sql`${invoices.dueOn} <= ${today}::date`,
          sql`${invoiceBalanceSql('invoices')} > 0`,
          sql`not exists (select 1 from invoice_reminders r where r.order_id = ${invoices.orderId}
            and r.stage = ${highestStageSql(today)})`,
        ),
      )
      .orderBy(asc(invoices.dueOn), asc(invoices.invoiceId))
      .limit(BATCH);
    const fresh = due.filter((d) => !seen.has(d.invoiceId));
    if (fresh.length === 0) break;
    for (const { invoiceId } of fresh) {
      seen.add(invoiceId);
      const reminder = await deps.db.transaction((tx) => remind(tx, deps, invoiceId, today));
      if (reminder) {
        sent.push(reminder);
        countReminder(reminder.stage);
      }
    }
    if (due.length < BATCH) break;
  }
  if (sent.some((s) => s.mailIds.length > 0)) deps.mailer?.kick?.();
  return sent;
}

/** Claims and mails the invoice's highest stage reached, if it is still unpaid and unclaimed. */
async function remind(
  tx: Tx,
  deps: ReminderDeps,
  invoiceId: number,
  today: string,
): Promise<ReminderSent | null> {
  // Locked, then looked at again: a payment or a correction that came in meanwhile is seen.
  const [found] = await tx
    .select({ invoice: invoices, order: orders, company: customers.company })
    .from(invoices)
    .innerJoin(orders, eq(orders.orderId, invoices.orderId))
    .innerJoin(customers, eq(customers.customerId, orders.customerId))
    .where(eq(invoices.invoiceId, invoiceId))
    .for('update', { of: invoices });
  if (!found || found.invoice.replacedAt) return null;
  const { invoice, order } = found;
  if (!(OWING_STATUSES as readonly string[]).includes(order.status)) return null;
  const { rows } = (await tx.execute(
    sql`select ${invoiceBalanceSql('i')} as balance from invoices i where i.invoice_id = ${invoiceId}`,
  )) as unknown as { rows: { balance: string | number }[] };
  const balanceCents = Number(rows[0]?.balance ?? 0);
  if (balanceCents <= 0) return null;
  const stages = reminderStagesReached(invoice.dueOn, today);
  const stage = stages.at(-1);
  if (stage === undefined) return null;
  const claimed = await tx
    .insert(invoiceReminders)
    .values(stages.map((s) => ({ orderId: order.orderId, stage: s, invoiceId })))
    .onConflictDoNothing()
    .returning({ stage: invoiceReminders.stage });
  // Another process (or an earlier pass) has this stage: it mailed it.
  if (!claimed.some((c) => c.stage === stage)) return null;

  const admins = await tx
    .select({
      contactPersonId: contacts.contactPersonId,
      email: contacts.email,
      contactName: contacts.contactName,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
    })
    .from(contacts)
    .where(
      and(
        eq(contacts.customerId, order.customerId),
        eq(contacts.role, 'admin'),
        eq(contacts.active, true),
        ne(contacts.email, ''),
      ),
    )
    .orderBy(asc(contacts.contactPersonId));
  const mailIds: number[] = [];
  // A stage mailed late (a process was down on the day) says how late it really is.
  const days = daysOverdue(invoice.dueOn, today);
  for (const admin of admins) {
    const lang = await mailLanguageOf(tx, admin.contactPersonId);
    const t = (key: string, values?: Record<string, string | number>) => mailText(lang, key, values);
    const name =
      `${admin.firstName} ${admin.lastName}`.trim() || admin.contactName.trim() || admin.email.trim();
    const dueOn = new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${invoice.dueOn}T12:00:00Z`),
    );
    const facts = {
      invoiceNumber: invoice.invoiceNumber,
      orderNumber: order.orderNumber,
      po: oneLine(order.purchaseOrderId),
      dueOn,
      days,
    };
    mailIds.push(
      await queueMail(tx, {
        to: admin.email.trim(),
        replyTo: deps.config.SHOP_EMAIL,
        subject: t(`mail.reminder.subject.${days === 0 ? 0 : stage === 30 ? 30 : 15}`, facts),
        body: [
          t('mail.hello', { name: oneLine(name) }),
          '',
          days === 0 ? t('mail.reminder.due', facts) : t('mail.reminder.overdue', facts),
          t('mail.reminder.balance', {
            balance: formatMoney(balanceCents, lang),
            total: formatMoney(Number(invoice.totalCents), lang),
          }),
          '',
          t('mail.reminder.statement', {
            company: oneLine(found.company),
            url: `${deps.config.PUBLIC_URL}/acer/account/statement`,
          }),
          t('mail.reminder.sent'),
          t('mail.reminder.questions', { email: deps.config.SHOP_EMAIL }),
        ].join('\n'),
      }),
    );
  }
  return { orderId: order.orderId, invoiceId, invoiceNumber: invoice.invoiceNumber, stage, mailIds };
}

/**
 * Runs a pass every `pollMs` in this process (0: never) until stopped; a pass that fails is logged and the
 * next one tries again. Stopping waits for a pass under way, so the database outlives it.
 */
export class ReminderJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly deps: ReminderDeps,
    private readonly pollMs: number,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'info'>,
  ) {}

  start(): void {
    if (this.pollMs <= 0 || this.stopped || this.timer || this.running) return;
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = runReminderPass(this.deps)
        .then(
          (sent) => {
            if (sent.length > 0)
              this.log.info(
                {
                  reminders: sent.map((s) => ({
                    invoice: s.invoiceNumber,
                    stage: s.stage,
                    mails: s.mailIds.length,
                  })),
                },
                'overdue reminders queued',
              );
          },
          (error: unknown) =>
            this.log.error({ err: error }, 'the overdue reminders pass failed; the next one tries again'),
        )
        .finally(() => {
          this.running = null;
          this.schedule();
        });
    }, this.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
