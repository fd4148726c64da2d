/** The contact form: stored, then mailed to the shop's inbox. */
import { ContactAnswer } from '@shop/domain/account/answers';
import { contactFormSchema } from '@shop/domain/account/contact';
import { REFUSALS } from '@shop/domain/core/contract';
import { message } from '@shop/domain/core/i18n';
import { MSG } from '@shop/domain/core/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { requestLang } from '../../i18n/lang';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';
import type { Mailer } from '../../mail/mailer';
import { oneLine, quotedUnder } from '../../mail/text';
import { companyHasRma } from '../returns';

export function contactRoutes(app: FastifyInstance, db: Db, mailer: Mailer, config: Config) {
  const doc = routeDocs(['Contact'], SECURITY.open);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/zoho/sendemail',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: doc('Send the shop a message from the contact form', {
        body: contactFormSchema,
        response: { 200: ContactAnswer, ...REFUSALS },
      }),
    },
    async (request, reply) => {
      const form = request.body;
      // A signed-in buyer's RMA number is one of their company's returns (a visitor's is passed on as typed).
      const rma = form.rma.trim();
      if (rma && request.user && !(await companyHasRma(db, request.user.customerId, rma)))
        throw new HttpError(400, message('afterSale.rmaUnknown', { rma: oneLine(rma) }));
      await db.transaction(async (tx) => {
        const [saved] = await tx
          .insert(contactMessages)
          .values({ ...form, customerId: request.user?.customerId ?? null, language: requestLang(request) })
          .returning({ id: contactMessages.id });
        await mailer.enqueue(
          {
            to: config.SHOP_INBOX,
            replyTo: form.email,
            subject: `Contact form #${saved!.id}: ${form.fullName}${form.company ? ` (${form.company})` : ''}`,
            // What the visitor typed cannot pass for a line of this mail: the one-line fields are on one
            // line (the schema keeps them so), and the message is quoted line by line.
            body: [
              `Full Name: ${oneLine(form.fullName)}`,
              `Phone: ${form.phoneNumber}`,
              `Email: ${oneLine(form.email)}`,
              `Order Number: ${oneLine(form.orderNumber)}`,
              `Company: ${oneLine(form.company)}`,
              `RMA: ${oneLine(form.rma)}`,
              `Customer ID: ${request.user?.customerId ?? '(not signed in)'}`,
              '',
              ...quotedUnder('Questions:', form.questions),
            ].join('\n'),
          },
          tx,
        );
      });
      // Delivery happens after the message is safely stored, without keeping the visitor waiting.
      mailer.kick();
      return reply.send({ scode: 200, smessage: request.say(MSG.contactSent) });
    },
  );
}
