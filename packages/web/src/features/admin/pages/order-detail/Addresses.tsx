/** The order's shipping and billing addresses. */
import { formatPostalCode } from '@shop/domain/account/rules';
import type { AdminOrderDetail } from '@shop/domain/back-office/schemas';

function Address({ title, address }: { title: string; address: Record<string, string> }) {
  const a = address;
  const lines = [
    a.attention,
    a.company,
    a.address_line_1,
    a.address_line_2,
    [[a.city, a.province].filter(Boolean).join(', '), formatPostalCode(a.zip ?? '')]
      .filter(Boolean)
      .join(' '),
    a.country,
    a.phone_number,
  ].filter(Boolean);
  return (
    <div className="admin-card">
      <h3>{title}</h3>
      <address>
        {lines.map((line) => (
          <span key={line} className="admin-line">
            {line}
          </span>
        ))}
      </address>
    </div>
  );
}

export function Addresses({ order }: { order: AdminOrderDetail }) {
  return (
    <section className="admin-section" aria-labelledby="addresses-heading">
      <h2 id="addresses-heading">Addresses</h2>
      <div className="admin-cards">
        <Address title="Shipping address" address={order.shipping_address} />
        <Address title="Billing address" address={order.billing_address} />
      </div>
    </section>
  );
}
