/**
 * Where the browser tests' processes listen. E2E_PORT_OFFSET (default 0) moves every port and the
 * PostgreSQL database name, so two checkouts of the project can run their browser tests at once.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0) || 0;

export const SHOP_PORT = 3100 + offset;
export const SMTP_PORT = 2525 + offset;
export const MAIL_HTTP_PORT = 2526 + offset;
export const SHOP_ORIGIN = `http://127.0.0.1:${SHOP_PORT}`;
export const MAIL_SINK = `http://127.0.0.1:${MAIL_HTTP_PORT}`;
export const DATABASE_SUFFIX = offset ? `_${offset}` : '';
