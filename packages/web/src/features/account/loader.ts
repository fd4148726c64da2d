/**
 * The account area's data: the session in the path (with its id), plus the wish lists beside a list's
 * items. Forms that create something (addressForm, wishListCreate without an id) read nothing.
 * What each session answers is the domain's (GET /user/{customerid}/{session}[/{sessionid}]).
 */
import type { Statement } from '@shop/domain/accounts/answers';
import type { CreditNoteSummary } from '@shop/domain/after-sale/credit-answers';
import type { DeviceDetail, DevicesAnswer } from '@shop/domain/after-sale/device-schemas';
import type { ApprovalsAnswer, ApprovalView, OrderLimitsAnswer } from '@shop/domain/approvals/schemas';
import type {
  AccountSectionAnswer,
  AccountSessionAnswer,
  AccountSessionName,
  OrdersListAnswer,
} from '@shop/domain/core/api';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { pathOf } from '../../lib/api';
import { cookieLogin } from '../../lib/cookies';
import { type Read, read } from '../../lib/reads';

/** The sessions of the account area, as the path names them. */
export type SessionName = AccountSessionName;

const SESSIONS: readonly SessionName[] = [
  'orders',
  'messages',
  'addresses',
  'addressForm',
  'wishLists',
  'wishListCreate',
  'wishListItems',
  'recentlyViewed',
  'accountSettings',
  'subscription',
  'buyers',
];

export function isSessionName(value: string): value is SessionName {
  return (SESSIONS as readonly string[]).includes(value);
}

/** One element of the array a session answers under its own name (e.g. an Address for addresses). */
export type SessionData = {
  [S in SessionName]: AccountSessionAnswer<S> extends Record<S, readonly (infer E)[]> ? E : never;
};

export type AccountReads = { [S in SessionName]?: Read<SessionData[S][]> } & {
  /** The orders list: one page of it, searched and filtered by the address's query. */
  orderList?: Read<OrdersListAnswer>;
  /** The company's statement (GET /user/{customerid}/statement). */
  statement?: Read<Statement>;
  /** The company's credit notes, listed with the statement. */
  creditNotes?: Read<CreditNoteSummary[]>;
  /** Orders sent for approval (every page: the administrators' navigation counts them, buyers' orders list them). */
  approvals?: Read<ApprovalsAnswer>;
  /** One of them (approvals/{id}). */
  approval?: Read<ApprovalView>;
  /** The company's order limits (the buyers section). */
  orderLimits?: Read<OrderLimitsAnswer>;
  /** The company's units: one page of them, searched and filtered by the address's query (devices). */
  devices?: Read<DevicesAnswer>;
  /** One unit with its history (devices/{unitId}). */
  device?: Read<DeviceDetail>;
};

/** What the Devices list reads from the address (domain/after-sale/device-schemas.ts checks them). */
const DEVICE_FILTERS = ['q', 'state', 'page'] as const;

/** What the orders list reads from the address (domain/orders/schemas.ts checks them on the server). */
const ORDER_FILTERS = ['q', 'status', 'from', 'to', 'page'] as const;

/** The orders list's query: the known fields in one order, blanks left out, so equal lists share a read. */
function ordersQuery(
  search: URLSearchParams,
  keys: readonly string[] = ORDER_FILTERS,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const key of keys) {
    const value = search.get(key)?.trim();
    if (value) kept[key] = value;
  }
  return kept;
}

/** The API path of an account session: /user/{customerid}/{session}[/{sessionid}] (its reads' key). */
export function accountPath(customerId: string, session: SessionName, sessionid?: string): string {
  return sessionid
    ? pathOf('GET /api/user/:customerid/:session/:sessionid', {
        params: { customerid: customerId, session, sessionid },
      })
    : pathOf('GET /api/user/:customerid/:session', { params: { customerid: customerId, session } });
}

/** The array under the session's name. */
function sessionRead<S extends SessionName>(
  customerId: string,
  session: S,
  sessionid?: string,
): Read<SessionData[S][]> {
  const pick = (answer: AccountSectionAnswer) => {
    const value = (answer as Partial<Record<S, SessionData[S][]>>)[session];
    return Array.isArray(value) ? value : [];
  };
  return sessionid
    ? read(
        'GET /api/user/:customerid/:session/:sessionid',
        { params: { customerid: customerId, session, sessionid } },
        pick,
      )
    : read('GET /api/user/:customerid/:session', { params: { customerid: customerId, session } }, pick);
}

export function accountLoader(args: LoaderFunctionArgs): AccountReads {
  const { loggedIn } = cookieLogin();
  if (!loggedIn) return {};
  const { session, sessionid: id } = args.params;
  const approval =
    session === 'approvals' && id
      ? read('GET /api/user/approvals/:approvalId', { params: { approvalId: id } }, (a) => a.approval)
      : undefined;
  return {
    ...sessionReads(args),
    approvals: read('GET /api/user/approvals'),
    ...(approval ? { approval } : {}),
    ...(session === 'buyers' ? { orderLimits: read('GET /api/user/order-limits') } : {}),
  };
}

function sessionReads({ params, request }: LoaderFunctionArgs): AccountReads {
  const { loggedIn, customerId } = cookieLogin();
  const session = params.session ?? 'orders';
  const id = params.sessionid;
  if (loggedIn && session === 'statement')
    return {
      statement: read(
        'GET /api/user/:customerid/statement',
        { params: { customerid: customerId } },
        (answer) => answer.statement,
      ),
      creditNotes: read(
        'GET /api/user/:customerid/credit-notes',
        { params: { customerid: customerId } },
        (answer) => answer.credit_notes,
      ),
    };
  if (loggedIn && session === 'devices') {
    if (id)
      return {
        device: read(
          'GET /api/user/:customerid/devices/:unitId',
          { params: { customerid: customerId, unitId: id } },
          (answer) => answer.device,
        ),
      };
    return {
      devices: read('GET /api/user/:customerid/devices', {
        params: { customerid: customerId },
        query: ordersQuery(new URL(request.url).searchParams, DEVICE_FILTERS),
      }),
    };
  }
  if (!loggedIn || !isSessionName(session)) return {};
  if ((session === 'addressForm' || session === 'wishListCreate') && !id) return {};
  if (session === 'orders' && !id) {
    const query = ordersQuery(new URL(request.url).searchParams);
    return {
      orderList: read('GET /api/user/:customerid/orders', { params: { customerid: customerId }, query }),
    };
  }
  if (session === 'wishListItems') {
    if (!id) return {};
    return {
      wishListItems: sessionRead(customerId, 'wishListItems', id),
      wishLists: sessionRead(customerId, 'wishLists'),
    };
  }
  return { [session]: sessionRead(customerId, session, id) };
}

export function useAccountReads(): AccountReads {
  return useLoaderData() as AccountReads;
}
