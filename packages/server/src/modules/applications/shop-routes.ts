/** Applying for an account (visitors): the seller and the applicant are mailed. */

import { RegisterAnswer } from '@shop/domain/account/answers';
import { APPLICATION_MSG, accountApplicationSchema } from '@shop/domain/account/schemas';
import { REFUSALS } from '@shop/domain/core/contract';
import type { Lang } from '@shop/domain/core/i18n';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountApplications } from '../../db/schema';
import { requestLang } from '../../i18n/lang';
import { routeDocs, SECURITY } from '../../lib/contract';
import type { MailMessage } from '../../mail/outbox';
import { mailText } from '../../mail/templates';
import { oneLine, oneLineValues, quotedUnder } from '../../mail/text';
import type { ApplicationNeeds } from './needs';

const LIMITED = { rateLimit: { max: 10, timeWindow: '1 minute' } };
const doc = routeDocs(['Account'], SECURITY.session);

export function applicationRoutes(app: FastifyInstance, services: ApplicationNeeds): void {
  const { mailer, config } = services;
  const db = services.database.db;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/user/register',
    {
      config: LIMITED,
      schema: doc(
        'Applies for an account: the seller is mailed the application',
        { tags: ['Sign-in'], body: accountApplicationSchema, response: { 200: RegisterAnswer, ...REFUSALS } },
        SECURITY.open,
      ),
    },
    async (request, reply) => {
      const form = request.body;
      const lang = requestLang(request);
      await db.transaction(async (tx) => {
        const [saved] = await tx
          .insert(accountApplications)
          .values({
            company: form.company,
            contactName: form.contactName,
            email: form.email,
            phoneNumber: form.phoneNumber,
            province: form.province,
            message: form.message,
            language: lang,
          })
          .returning({ id: accountApplications.applicationId });
        // The seller hears of it by mail, queued with the application: both are kept, or neither.
        await mailer.enqueue(
          {
            to: config.SHOP_INBOX,
            replyTo: form.email,
            subject: `Account application #${saved!.id}: ${form.company}`,
            // What the applicant typed cannot pass for a line of this mail: the one-line fields are on one
            // line (the schema keeps them so), and the message is quoted line by line.
            body: [
              `Company: ${oneLine(form.company)}`,
              `Contact: ${oneLine(form.contactName)}`,
              `Email: ${oneLine(form.email)}`,
              `Phone: ${form.phoneNumber}`,
              `Province: ${form.province}`,
              '',
              ...quotedUnder('Message:', form.message),
              '',
              `Review it with: npm run seller -- applications`,
            ].join('\n'),
          },
          tx,
        );
        // The applicant hears that it arrived, in the language of the page it was sent from, in the same
        // transaction.
        await mailer.enqueue(applicationReceivedMail(lang, saved!.id, form), tx);
      });
      mailer.kick();
      return reply.send({ scode: 200, smessage: request.say(APPLICATION_MSG.received) });
    },
  );
}

/**
 * The mail that tells an applicant their application arrived and that the seller will write back. What
 * they typed cannot pass for a line of it: one-line fields stay on one line, the message is quoted.
 */
function applicationReceivedMail(
  lang: Lang,
  applicationId: number,
  form: {
    company: string;
    contactName: string;
    email: string;
    phoneNumber: string;
    province: string;
    message: string;
  },
): MailMessage {
  const t = (key: string, values?: Record<string, string | number>) =>
    mailText(lang, key, oneLineValues(values));
  return {
    to: form.email,
    subject: t('mail.application.received.subject'),
    body: [
      t('mail.hello', { name: form.contactName }),
      '',
      t('mail.application.received.thanks', { company: form.company, applicationId }),
      '',
      t('mail.application.received.review'),
      '',
      t('mail.application.received.summary'),
      t('mail.application.received.company', { company: form.company }),
      t('mail.application.received.contact', { name: form.contactName }),
      t('mail.application.received.phone', { phone: form.phoneNumber }),
      t('mail.application.received.province', { province: t(`invoice.province.${form.province}`) }),
      ...(form.message.trim() === ''
        ? []
        : quotedUnder(t('mail.application.received.message'), form.message)),
      '',
      t('mail.application.received.questions'),
    ].join('\n'),
  };
}
