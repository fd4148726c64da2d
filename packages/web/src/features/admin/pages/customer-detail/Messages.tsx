/** The customer's messages from the shop: the form sending one, and those sent. */
import type { AdminCustomerDetail } from '@shop/domain/back-office/schemas';
import { useRef } from 'react';
import { Link } from 'react-router';
import { ADMIN_BASE } from '../../api';
import { Result, TextArea, useAction, useFocusFirstError, When } from '../../ui';

export function Messages({ customer }: { customer: AdminCustomerDetail }) {
  const ref = useRef<HTMLFormElement>(null);
  const { fetcher, busy, result, errors } = useAction(() => ref.current?.reset());
  useFocusFirstError(ref, result);
  return (
    <section className="admin-section" aria-labelledby="messages-heading">
      <h2 id="messages-heading">Messages</h2>
      <Result result={result} />
      <fetcher.Form method="post" ref={ref} className="admin-form" noValidate>
        <input type="hidden" name="intent" value="message" />
        <TextArea
          id="message-body"
          name="body"
          label="Send a message"
          required
          maxLength={5000}
          hint="Shown in the customer's Messages and mailed to the primary contact."
          error={errors.body}
        />
        <div className="admin-actions">
          <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
            Send message
          </button>
        </div>
      </fetcher.Form>
      {customer.messages.length > 0 && (
        <p>
          <Link to={`${ADMIN_BASE}/messages?status=all&q=${encodeURIComponent(customer.customer_id)}`}>
            The threads with {customer.customer_id}, with the buyers' replies
          </Link>
        </p>
      )}
      {customer.messages.length === 0 ? (
        <p>No messages yet.</p>
      ) : (
        <ul className="admin-messages">
          {customer.messages.map((m) => (
            <li key={m.message_id}>
              <p className="admin-note">
                <When at={m.created_at} /> — {m.is_read ? 'read' : 'not read yet'}
              </p>
              <p className="admin-pre">{m.body}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
