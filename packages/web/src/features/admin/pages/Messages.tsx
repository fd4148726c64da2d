/**
 * /acer/admin/messages: a message to a customer (their Messages and a mail); the threads with customers,
 * where a buyer's reply waits as new until the seller answers in the thread (shown in their Messages and
 * mailed); and the contact-form inbox, new or answered, where a reply is mailed to the sender and kept with
 * the message. The status tabs and the search apply to both lists.
 */
import {
  type AdminContactMessage,
  type AdminCustomerThread,
  CONTACT_STATUSES,
  contactReplySchema,
  contactStatusSchema,
  customerMessageSchema,
  type Page,
} from '@shop/domain/back-office/schemas';
import { useRef } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { api } from '../../../lib/api';
import { type ActionResult, ADMIN_BASE, attempt, checked, failed, readBody } from '../api';
import { KeysHint, MatchCount, SkipToTable, useListKeys } from '../list-keys';
import { type AdminPage, type PageArgs, setFlash, usePageData } from '../routing';
import { Field, ListPager, PageTitle, Result, TextArea, useAction, useFocusFirstError, When } from '../ui';

async function loader({ request }: PageArgs) {
  const p = new URL(request.url).searchParams;
  // The inbox opens on what is still to answer.
  const status = p.get('status') ?? 'new';
  const filter = { status: status === 'all' ? '' : status, q: p.get('q') };
  const [{ messages }, { threads }] = await Promise.all([
    api('GET /api/admin/contact-messages', {
      query: { ...filter, page: p.get('page') },
      signal: request.signal,
    }),
    api('GET /api/admin/customer-threads', {
      query: { ...filter, page: p.get('thread_page'), page_size: '10' },
      signal: request.signal,
    }),
  ]);
  return { messages, threads };
}

type MessagesData = { messages: Page<AdminContactMessage>; threads: Page<AdminCustomerThread> };

/** A message leaves the list it was in once answered, so the result is shown above the list instead. */
function flashed(result: ActionResult): ActionResult {
  if (result.ok) setFlash(result.message);
  return result;
}

async function action({ request }: PageArgs) {
  const body = await readBody(request);
  switch (body.intent) {
    case 'send': {
      const customer = String(body.customer_id ?? '').trim();
      if (!customer) return failed('Enter the Customer ID.', { customer_id: 'Enter the Customer ID.' });
      const message = checked(customerMessageSchema, { body: body.body });
      if (message.refused) return message.refused;
      return attempt(
        request,
        () =>
          api('POST /api/admin/customers/:customerId/messages', {
            params: { customerId: customer },
            body: message.input,
          }),
        'Sent.',
      );
    }
    case 'reply': {
      const reply = checked(contactReplySchema, { body: body.body });
      if (reply.refused) return reply.refused;
      return flashed(
        await attempt(
          request,
          () =>
            api('POST /api/admin/contact-messages/:messageId/reply', {
              params: { messageId: String(body.message_id) },
              body: reply.input,
            }),
          'Your reply has been mailed.',
        ),
      );
    }
    case 'thread-reply': {
      const reply = checked(customerMessageSchema, { body: body.body });
      if (reply.refused) return reply.refused;
      return flashed(
        await attempt(
          request,
          () =>
            api('POST /api/admin/customer-threads/:messageId/reply', {
              params: { messageId: String(body.message_id) },
              body: reply.input,
            }),
          'Your answer has been sent.',
        ),
      );
    }
    case 'thread-status': {
      const status = checked(contactStatusSchema, { status: body.status });
      if (status.refused) return status.refused;
      return flashed(
        await attempt(
          request,
          () =>
            api('POST /api/admin/customer-threads/:messageId/status', {
              params: { messageId: String(body.message_id) },
              body: status.input,
            }),
          body.status === 'answered' ? 'Marked as answered.' : 'Marked as new.',
        ),
      );
    }
    case 'status': {
      const status = checked(contactStatusSchema, { status: body.status });
      if (status.refused) return status.refused;
      return flashed(
        await attempt(
          request,
          () =>
            api('POST /api/admin/contact-messages/:messageId/status', {
              params: { messageId: String(body.message_id) },
              body: status.input,
            }),
          body.status === 'answered' ? 'Marked as answered.' : 'Marked as new.',
        ),
      );
    }
    default:
      return failed('Unknown action.');
  }
}

function SendMessage() {
  const [params] = useSearchParams();
  const ref = useRef<HTMLFormElement>(null);
  const { fetcher, busy, result, errors } = useAction(() => ref.current?.reset());
  useFocusFirstError(ref, result);
  return (
    <section className="admin-card" aria-labelledby="send-heading">
      <h2 id="send-heading">Send a message to a customer</h2>
      <p className="admin-note">Shown in the customer's Messages and mailed to the primary contact.</p>
      <Result result={result} />
      <fetcher.Form method="post" ref={ref} className="admin-form" noValidate>
        <input type="hidden" name="intent" value="send" />
        <Field
          id="send-customer"
          name="customer_id"
          label="Customer ID"
          required
          maxLength={50}
          defaultValue={params.get('customer') ?? ''}
          error={errors.customer_id}
        />
        <TextArea id="send-body" name="body" label="Message" required maxLength={5000} error={errors.body} />
        <div className="admin-actions">
          <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
            Send message
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}

function ContactMessage({ message }: { message: AdminContactMessage }) {
  const m = message;
  const ref = useRef<HTMLFormElement>(null);
  const reply = useAction(() => ref.current?.reset());
  const status = useAction();
  useFocusFirstError(ref, reply.result);
  const heading = `${m.full_name}${m.company ? `, ${m.company}` : ''}`;
  return (
    <article className="admin-card" aria-labelledby={`contact-${m.id}`}>
      <h3 id={`contact-${m.id}`}>{heading}</h3>
      <p className="admin-note">
        <When at={m.created_at} /> — {m.status === 'new' ? 'New' : 'Answered'}
      </p>
      <dl className="admin-facts">
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${m.email}`}>{m.email}</a>
        </dd>
        <dt>Phone</dt>
        <dd>{m.phone_number || '—'}</dd>
        {m.customer_id && (
          <>
            <dt>Customer</dt>
            <dd>
              <Link to={`${ADMIN_BASE}/customers/${m.customer_id}`}>{m.customer_id}</Link>
            </dd>
          </>
        )}
        {m.order_number && (
          <>
            <dt>Order number</dt>
            <dd>
              <Link to={`${ADMIN_BASE}/orders?q=${encodeURIComponent(m.order_number)}`}>
                {m.order_number}
              </Link>
            </dd>
          </>
        )}
        {m.rma && (
          <>
            <dt>RMA</dt>
            <dd>{m.rma}</dd>
          </>
        )}
      </dl>
      <blockquote className="admin-pre admin-quote">{m.questions}</blockquote>
      {m.replies.length > 0 && (
        <>
          <h4>Replies</h4>
          <ul className="admin-messages">
            {m.replies.map((r) => (
              <li key={r.reply_id}>
                <p className="admin-note">
                  <When at={r.created_at} /> by {r.actor}
                </p>
                <p className="admin-pre">{r.body}</p>
              </li>
            ))}
          </ul>
        </>
      )}
      <Result result={reply.result?.ok ? null : reply.result} />
      <reply.fetcher.Form method="post" ref={ref} className="admin-form" noValidate>
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="message_id" value={m.id} />
        <TextArea
          id={`reply-${m.id}`}
          name="body"
          label={`Reply to ${m.full_name}`}
          required
          maxLength={5000}
          hint="Mailed to the sender with their question quoted."
          error={reply.errors.body}
        />
        <div className="admin-actions">
          <button type="submit" className="admin-btn admin-btn--primary" disabled={reply.busy}>
            Send reply
          </button>
        </div>
      </reply.fetcher.Form>
      <Result result={status.result?.ok ? null : status.result} />
      <status.fetcher.Form method="post">
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="message_id" value={m.id} />
        <input type="hidden" name="status" value={m.status === 'new' ? 'answered' : 'new'} />
        <button type="submit" className="admin-btn admin-btn--small" disabled={status.busy}>
          {m.status === 'new' ? `Mark as answered without a reply` : `Mark as new`}
        </button>
      </status.fetcher.Form>
    </article>
  );
}

/** A thread with a customer: the seller's message, then both sides in order, and the seller's answer form. */
function CustomerThread({ thread }: { thread: AdminCustomerThread }) {
  const m = thread;
  const ref = useRef<HTMLFormElement>(null);
  const reply = useAction(() => ref.current?.reset());
  const status = useAction();
  useFocusFirstError(ref, reply.result);
  const who = m.company || m.customer_id;
  return (
    <article className="admin-card" aria-labelledby={`thread-${m.message_id}`}>
      <h3 id={`thread-${m.message_id}`}>
        {who} ({m.customer_id})
      </h3>
      <p className="admin-note">
        Last message <When at={m.last_at} /> — {m.status === 'new' ? 'New reply' : 'Answered'}
        {m.is_read ? '' : ' — not yet read by the customer'}
      </p>
      <p>
        <Link to={`${ADMIN_BASE}/customers/${encodeURIComponent(m.customer_id)}`}>
          Customer {m.customer_id}
        </Link>
      </p>
      <ol className="admin-messages" aria-label={`Thread with ${who}, oldest first`}>
        <li>
          <p className="admin-note">
            <When at={m.created_at} /> — the shop
          </p>
          <p className="admin-pre">{m.body}</p>
        </li>
        {m.replies.map((r) => (
          <li key={r.reply_id}>
            <p className="admin-note">
              <When at={r.created_at} /> —{' '}
              {r.author === 'buyer' ? `${r.name} (customer)` : `${r.name} (the shop)`}
            </p>
            <p className="admin-pre">{r.body}</p>
          </li>
        ))}
      </ol>
      <Result result={reply.result?.ok ? null : reply.result} />
      <reply.fetcher.Form method="post" ref={ref} className="admin-form" noValidate>
        <input type="hidden" name="intent" value="thread-reply" />
        <input type="hidden" name="message_id" value={m.message_id} />
        <TextArea
          id={`thread-reply-${m.message_id}`}
          name="body"
          label={`Answer ${who}`}
          required
          maxLength={5000}
          hint="Shown in the customer's Messages and mailed to the buyer who last replied."
          error={reply.errors.body}
        />
        <div className="admin-actions">
          <button type="submit" className="admin-btn admin-btn--primary" disabled={reply.busy}>
            Send answer
          </button>
        </div>
      </reply.fetcher.Form>
      <Result result={status.result?.ok ? null : status.result} />
      <status.fetcher.Form method="post">
        <input type="hidden" name="intent" value="thread-status" />
        <input type="hidden" name="message_id" value={m.message_id} />
        <input type="hidden" name="status" value={m.status === 'new' ? 'answered' : 'new'} />
        <button type="submit" className="admin-btn admin-btn--small" disabled={status.busy}>
          {m.status === 'new' ? 'Mark as answered without an answer' : 'Mark as new'}
        </button>
      </status.fetcher.Form>
    </article>
  );
}

function Messages() {
  const { messages, threads } = usePageData<MessagesData>();
  const [params] = useSearchParams();
  const status = params.get('status') ?? 'new';
  const tabs = [...CONTACT_STATUSES, 'all'] as const;
  // The inbox by keyboard (list-keys.tsx): j/k from message to message; each is answered in place.
  const inbox = useRef<HTMLDivElement>(null);
  useListKeys(inbox, 'inbox-q');
  return (
    <>
      <PageTitle title="Messages">Messages</PageTitle>
      <SkipToTable target="inbox-list">Skip to the contact messages</SkipToTable>
      <SendMessage />
      <nav aria-label="Inbox status" className="admin-tabs">
        <ul>
          {tabs.map((s) => (
            <li key={s}>
              <Link
                to={`${ADMIN_BASE}/messages${s === 'new' ? '' : `?status=${s}`}`}
                aria-current={s === status ? 'page' : undefined}
              >
                {s === 'new' ? 'New' : s === 'answered' ? 'Answered' : 'All'}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" className="admin-filters" role="search" aria-label="Find messages">
        <input type="hidden" name="status" value={status} />
        <Field
          id="inbox-q"
          name="q"
          type="search"
          label="Search"
          hint="Company or Customer ID; for the contact form also name, e-mail or order number"
          defaultValue={params.get('q') ?? ''}
          maxLength={100}
        />
        <button type="submit" className="admin-btn">
          Show
        </button>
      </Form>
      <section className="admin-section" aria-labelledby="threads-heading">
        <h2 id="threads-heading">Threads with customers</h2>
        {threads.items.length === 0 ? (
          <p>No threads here.</p>
        ) : (
          threads.items.map((t) => <CustomerThread key={t.message_id} thread={t} />)
        )}
        <ListPager
          page={threads.page}
          pages={threads.pages}
          total={threads.total}
          noun="thread"
          param="thread_page"
        />
      </section>
      <section className="admin-section" aria-labelledby="inbox-heading">
        <h2 id="inbox-heading">Contact form inbox</h2>
        <MatchCount total={messages.total} one="message matches" many="messages match" />
        {messages.items.length === 0 ? (
          <p id="inbox-list" tabIndex={-1}>
            No messages here.
          </p>
        ) : (
          <div id="inbox-list" ref={inbox} tabIndex={-1}>
            {messages.items.map((m) => (
              <div key={m.id} className="admin-row" data-row tabIndex={-1}>
                <ContactMessage message={m} />
              </div>
            ))}
          </div>
        )}
        <KeysHint open={false} />
        <ListPager page={messages.page} pages={messages.pages} total={messages.total} noun="message" />
      </section>
    </>
  );
}

export const messagesPage: AdminPage = { path: '/messages', loader, action, Component: Messages };
