/**
 * Every call the page makes, buyers' and the back office's, by `METHOD /path` as the server routes it
 * (`:name` a path parameter): the Zod schemas the server checks its body and query with, and the schema
 * of its successful answer. The page's client (web/src/lib/api.ts) is typed from this table, so a call to
 * a route that is not here, or a body its schema refuses, fails `npm run typecheck`; a server test
 * (packages/server/src/routes-table.api.test.ts) checks that each entry is a route the server registers,
 * with these very schemas.
 *
 * The page imports it with `import type` only: the schemas never load with the page's code.
 * `form`: the body is a multipart form (a file), read by the route itself.
 */
import { z } from 'zod';
import { PasswordLinkBody } from '../account/admin-requests';
import {
  AccountSectionAnswer,
  AccountUpdateAnswer,
  AddressDeletedAnswer,
  AddressesAnswer,
  BuyersChangedAnswer,
  ContactAnswer,
  HeaderAnswer,
  LanguageAnswer,
  MessageRepliedAnswer,
  PasswordResetAnswer,
  RegisterAnswer,
  ResetCodeSentAnswer,
  SignInAnswer,
  SignOutAnswer,
  SubscriptionChangedAnswer,
  WishListItemAddedAnswer,
  WishListItemRemovedAnswer,
  WishListsAnswer,
} from '../account/answers';
import { contactFormSchema, loginSchema } from '../account/contact';
import {
  AccountUpdateBody,
  AddressBody,
  BuyerChangeBody,
  BuyerCreateBody,
  PasswordResetBody,
  WishListBody,
} from '../account/requests';
import {
  accountApplicationSchema,
  languageSchema,
  messageReplySchema,
  resetCodeSchema,
  subscriptionSchema,
  wishListItemSchema,
} from '../account/schemas';
import {
  AccountingIdsAnswer,
  AccountingIdsListAnswer,
  AccountingIdsQuery,
  AccountingIdsRequest,
  TaxCodesAnswer,
  TaxCodesRequest,
} from '../accounting/accounting';
import {
  CustomerInvoicesAnswer,
  PaymentChangedAnswer,
  ReceivablesAnswer,
  StatementAnswer,
} from '../accounts/answers';
import { paymentSchema, receivablesQuerySchema, reversalSchema } from '../accounts/schemas';
import {
  AdminOrderCreditNotesAnswer,
  CreditNoteAnswer,
  CreditNoteChanged,
  CreditNotesAnswer,
} from '../after-sale/credit-answers';
import { ApplyCreditBody, IssueCreditNoteBody, RefundCreditBody } from '../after-sale/credit-schemas';
import {
  DeviceAnswer,
  DevicesAnswer,
  devicesQuerySchema,
  PlanLinesAnswer,
  PlanRegisteredAnswer,
  registerPlanSchema,
  SerialHistoryAnswer,
  SerialSearchAnswer,
  serialSearchQuerySchema,
} from '../after-sale/device-schemas';
import {
  AdminReturnsAnswer,
  AdminReturnsWaitingAnswer,
  ReturnAnswer,
  ReturnableAnswer,
  ReturnsAnswer,
  ReturnsReportAnswer,
} from '../after-sale/return-answers';
import {
  AdminReturnsQuery,
  AuthoriseReturnBody,
  CustomerReturnsQuery,
  DeclineReturnBody,
  ReceiveReturnLineBody,
  ResolveReturnBody,
  ReturnsReportQuery,
} from '../after-sale/return-schemas';
import {
  AlertAnswer,
  AlertCreateRequest,
  AlertPauseRequest,
  AlertRuleRequest,
  AlertsAnswer,
} from '../alerts/schemas';
import {
  ApprovalAnswer,
  ApprovalDecidedAnswer,
  ApprovalSentAnswer,
  ApprovalsAnswer,
  approveRequest,
  buyerLimitRequest,
  companyLimitRequest,
  declineRequest,
  OrderLimitsAnswer,
  OrderLimitsChangedAnswer,
} from '../approvals/schemas';
import {
  AdminApplicationAnswer,
  AdminApplicationRejectedAnswer,
  AdminApplicationsAnswer,
  AdminBulkOrdersAnswer,
  AdminCustomerAnswer,
  AdminCustomerChangedAnswer,
  AdminCustomersAnswer,
  AdminFilterValuesAnswer,
  AdminInvoiceDraftAnswer,
  AdminMeAnswer,
  AdminMediaAnswer,
  AdminMessageAnswer,
  AdminOrderAnswer,
  AdminOrderChangedAnswer,
  AdminOrdersAnswer,
  AdminProductAnswer,
  AdminProductSavedAnswer,
  AdminProductsAnswer,
  AdminSignInAnswer,
  AuditAnswer,
  ContactMessageAnswer,
  ContactMessagesAnswer,
  ContactReplyAnswer,
  CustomerThreadAnswer,
  CustomerThreadsAnswer,
  ImportApplyAnswer,
  ImportPreviewAnswer,
  PasswordLinkAnswer,
  PasswordSetAnswer,
  StaffAnswer,
  StaffListAnswer,
  StaffMailedAnswer,
} from '../back-office/answers';
import {
  applicationListQuerySchema,
  applicationRejectSchema,
  auditQuerySchema,
  bulkOrderActionSchema,
  changeOwnPasswordSchema,
  contactCreateSchema,
  contactListQuerySchema,
  contactReplySchema,
  contactStatusSchema,
  contactUpdateSchema,
  customerCreateSchema,
  customerListQuerySchema,
  customerMessageSchema,
  customerUpdateSchema,
  invoiceSchema,
  orderActionSchema,
  orderListQuerySchema,
  passwordTokenSchema,
  productCreateSchema,
  productFieldsSchema,
  productListQuerySchema,
  setPasswordSchema,
  staffCreateSchema,
  staffLoginSchema,
  staffUpdateSchema,
} from '../back-office/schemas';
import {
  StaffTokenCreatedAnswer,
  StaffTokenCreateRequest,
  StaffTokenRevokedAnswer,
  StaffTokensAnswer,
  StockPricesAnswer,
  StockPricesRequest,
} from '../back-office/staff-tokens';
import { CartAnswer, CartRemoveAnswer, QuickOrderAnswer, ReorderAnswer } from '../cart/answers';
import { cartAddSchema, placeOrderSchema, quickOrderSchema } from '../cart/order-request';
import { CategoryItemsAnswer, MainPageAnswer, ProductInfoAnswer, SearchAnswer } from '../catalog/answers';
import { ListingQuerySchema, SearchQuerySchema } from '../catalog/requests';
import {
  ApiKeyCreatedAnswer,
  ApiKeyCreateRequest,
  ApiKeyRevokedAnswer,
  ApiKeysAnswer,
} from '../company-api/schemas';
import {
  CheckoutLimitsAnswer,
  InvoiceAnswer,
  OrderAnswer,
  OrdersListAnswer,
  PlaceOrderAnswer,
} from '../orders/answers';
import { ordersQuerySchema } from '../orders/schemas';
import {
  PunchoutReturnAnswer,
  PunchoutSessionAnswer,
  PunchoutSettingsAnswer,
  PunchoutSettingsBody,
} from '../punchout/schemas';
import {
  AdminQuoteListAnswer,
  adminQuoteListQuerySchema,
  QuoteDetailAnswer,
  QuoteListAnswer,
  QuotePlacedAnswer,
  QuoteRequestedAnswer,
  QuoteWithdrawnAnswer,
  quoteAnswerSchema,
  quoteDeclineSchema,
  quotePlaceSchema,
  quoteRequestSchema,
} from '../quotes/schemas';
import {
  AdminCreditAnswer,
  AdminExemptionChangedAnswer,
  AdminExemptionsAnswer,
  AdminFeeSavedAnswer,
  AdminFeesAnswer,
  AdminTaxRateAddedAnswer,
  AdminTaxRatesAnswer,
  creditUpdateSchema,
  exemptionCreateSchema,
  feeCreateSchema,
  feeUpdateSchema,
  taxRateCreateSchema,
  taxRateUpdateSchema,
} from '../tax/admin';
import { CheckoutTaxesAnswer } from '../tax/answers';
import {
  AdminClaimAnsweredAnswer,
  AdminClaimCountAnswer,
  AdminClaimDetailAnswer,
  AdminClaimListAnswer,
  adminClaimListQuerySchema,
  ClaimListAnswer,
  ClaimSubmittedAnswer,
  claimAnswerSchema,
} from '../warranty-claims/schemas';
import {
  WebhookDeliveriesAnswer,
  WebhookDeliveryAnswer,
  WebhookEndpointAnswer,
  WebhookEndpointCreatedAnswer,
  WebhookEndpointsAnswer,
  webhookEndpointCreateSchema,
  webhookEndpointUpdateSchema,
} from '../webhooks/schemas';
import { DoneAnswer } from './contract';

/** What one route takes and answers. */
export interface RouteSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  /** The body is a multipart form (a file upload), not JSON. */
  form?: true;
  answer: z.ZodType;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const ROUTES = {
  // ---- The catalog
  'GET /api/mainpage': { answer: MainPageAnswer },
  'GET /api/category/:category': { query: ListingQuerySchema, answer: CategoryItemsAnswer },
  'GET /api/category/:category/:subcategory': { query: ListingQuerySchema, answer: CategoryItemsAnswer },
  'GET /api/search': { query: SearchQuerySchema, answer: SearchAnswer },
  'GET /api/product/:itemid/:condition': { answer: ProductInfoAnswer },

  // ---- Signing in, the header, the language
  'GET /api/header': { answer: HeaderAnswer },
  'POST /api/user/login': { body: loginSchema, answer: SignInAnswer },
  'POST /api/user/logout': { answer: SignOutAnswer },
  'POST /api/user/language': { body: languageSchema, answer: LanguageAnswer },
  'POST /api/user/register': { body: accountApplicationSchema, answer: RegisterAnswer },
  'POST /api/user/forget/sendcode': { body: resetCodeSchema, answer: ResetCodeSentAnswer },
  'POST /api/user/forget/resetpassword': { body: PasswordResetBody, answer: PasswordResetAnswer },
  'POST /api/password-link/check': { body: passwordTokenSchema, answer: PasswordLinkAnswer },
  'POST /api/password-link/set': { body: setPasswordSchema, answer: PasswordSetAnswer },
  'POST /api/zoho/sendemail': { body: contactFormSchema, answer: ContactAnswer },

  // ---- The cart and orders
  'POST /api/user/cart/add': { body: cartAddSchema, answer: CartAnswer },
  'POST /api/user/cart/quick-order': { body: quickOrderSchema, answer: QuickOrderAnswer },
  // 201: the line was already gone.
  'DELETE /api/user/:customerid/cart/:itemid/:condition/remove': {
    answer: z.union([CartAnswer, CartRemoveAnswer]),
  },
  // Over the buyer's order limit: no order, a request for approval.
  'POST /api/placeorder': {
    body: placeOrderSchema,
    answer: z.union([PlaceOrderAnswer, ApprovalSentAnswer]),
  },
  'GET /api/user/:customerid/checkout-limits': { answer: CheckoutLimitsAnswer },
  'GET /api/user/:customerid/taxes': { answer: CheckoutTaxesAnswer },
  'GET /api/user/:customerid/orders': { query: ordersQuerySchema, answer: OrdersListAnswer },
  'GET /api/user/:customerid/orders/:orderid': { answer: OrderAnswer },
  'POST /api/user/:customerid/orders/:orderid/reorder': { answer: ReorderAnswer },
  'GET /api/user/:customerid/invoices/:invoiceid': { answer: InvoiceAnswer },

  // ---- The account area
  'GET /api/user/:customerid/:session': { answer: AccountSectionAnswer },
  'GET /api/user/:customerid/:session/:sessionid': { answer: AccountSectionAnswer },
  'GET /api/user/:customerid/statement': { answer: StatementAnswer },
  // ---- Devices: the company's units
  'GET /api/user/:customerid/devices': { query: devicesQuerySchema, answer: DevicesAnswer },
  'GET /api/user/:customerid/devices/:unitId': { answer: DeviceAnswer },
  'GET /api/user/:customerid/credit-notes': { answer: CreditNotesAnswer },
  'GET /api/user/:customerid/credit-notes/:creditNoteId': { answer: CreditNoteAnswer },
  'POST /api/user/information/update': { body: AccountUpdateBody, answer: AccountUpdateAnswer },
  'POST /api/user/subscription': { body: subscriptionSchema, answer: SubscriptionChangedAnswer },
  'POST /api/user/address/create': { body: AddressBody, answer: AddressesAnswer },
  'POST /api/user/:customerid/address/:addressId/edit': { body: AddressBody, answer: AddressesAnswer },
  'DELETE /api/user/:customerid/address/:addressId/delete': { answer: AddressDeletedAnswer },
  'POST /api/user/buyers/create': { body: BuyerCreateBody, answer: BuyersChangedAnswer },
  'POST /api/user/:customerid/buyers/:contactId/edit': { body: BuyerChangeBody, answer: BuyersChangedAnswer },
  'POST /api/user/wishList/create': { body: WishListBody, answer: WishListsAnswer },
  'POST /api/user/:customerid/wishLists/:listId/edit': { body: WishListBody, answer: WishListsAnswer },
  'DELETE /api/user/:customerid/wishLists/:listId/delete': { answer: WishListsAnswer },
  'POST /api/user/wishList/item/add': { body: wishListItemSchema, answer: WishListItemAddedAnswer },
  'DELETE /api/user/wishList/:listId/item/:itemId/:condition/remove': { answer: WishListItemRemovedAnswer },
  'POST /api/user/:customerid/messages/:messageId/reply': {
    body: messageReplySchema,
    answer: MessageRepliedAnswer,
  },
  'GET /api/user/api-keys': { answer: ApiKeysAnswer },
  'POST /api/user/api-keys': { body: ApiKeyCreateRequest, answer: ApiKeyCreatedAnswer },
  'POST /api/user/api-keys/:keyId/revoke': { answer: ApiKeyRevokedAnswer },
  'GET /api/user/punchout': { answer: PunchoutSettingsAnswer },
  'PUT /api/user/punchout': { body: PunchoutSettingsBody, answer: PunchoutSettingsAnswer },
  'POST /api/user/punchout/secret': { answer: PunchoutSettingsAnswer },
  'GET /api/user/punchout/session': { answer: PunchoutSessionAnswer },
  'POST /api/user/punchout/return': { answer: PunchoutReturnAnswer },

  // ---- Order limits and approvals
  'GET /api/user/order-limits': { answer: OrderLimitsAnswer },
  'POST /api/user/order-limits': { body: companyLimitRequest, answer: OrderLimitsChangedAnswer },
  'POST /api/user/order-limits/:contactId': { body: buyerLimitRequest, answer: OrderLimitsChangedAnswer },
  'GET /api/user/approvals': { answer: ApprovalsAnswer },
  'GET /api/user/approvals/:approvalId': { answer: ApprovalAnswer },
  'POST /api/user/approvals/:approvalId/approve': {
    body: approveRequest.optional(),
    answer: ApprovalDecidedAnswer,
  },
  'POST /api/user/approvals/:approvalId/decline': { body: declineRequest, answer: ApprovalDecidedAnswer },
  'POST /api/user/approvals/:approvalId/withdraw': { answer: ApprovalDecidedAnswer },

  // ---- Stock alerts
  'GET /api/user/alerts': { answer: AlertsAnswer },
  'POST /api/user/alerts': { body: AlertCreateRequest, answer: AlertAnswer },
  'PUT /api/user/alerts/:alertId': { body: AlertRuleRequest, answer: AlertAnswer },
  'PUT /api/user/alerts/:alertId/paused': { body: AlertPauseRequest, answer: AlertAnswer },
  'DELETE /api/user/alerts/:alertId': { answer: DoneAnswer },

  // ---- Quotes
  'GET /api/user/:customerid/quotes': { answer: QuoteListAnswer },
  'POST /api/user/:customerid/quotes': { body: quoteRequestSchema, answer: QuoteRequestedAnswer },
  'GET /api/user/:customerid/quotes/:quoteid': { answer: QuoteDetailAnswer },
  'POST /api/user/:customerid/quotes/:quoteid/withdraw': { answer: QuoteWithdrawnAnswer },
  'POST /api/user/:customerid/quotes/:quoteid/place': { body: quotePlaceSchema, answer: QuotePlacedAnswer },
  // ---- Warranty claims (the claim's form carries its photos)
  'GET /api/user/:customerid/warranty-claims': { answer: ClaimListAnswer },
  'POST /api/user/:customerid/warranty-claims': { form: true, answer: ClaimSubmittedAnswer },
  // ---- Returns (RMA; the request's form carries its photos)
  'GET /api/user/:customerid/orders/:orderid/returnable': { answer: ReturnableAnswer },
  'POST /api/user/:customerid/orders/:orderid/returns': { form: true, answer: ReturnAnswer },
  'GET /api/user/:customerid/returns': { query: CustomerReturnsQuery, answer: ReturnsAnswer },
  'GET /api/user/:customerid/returns/:returnId': { answer: ReturnAnswer },

  // ---- The back office: staff
  'POST /api/admin/login': { body: staffLoginSchema, answer: AdminSignInAnswer },
  'POST /api/admin/logout': { answer: AdminMessageAnswer },
  'GET /api/admin/me': { answer: AdminMeAnswer },
  'POST /api/admin/me/password': { body: changeOwnPasswordSchema, answer: AdminMessageAnswer },
  'GET /api/admin/staff': { answer: StaffListAnswer },
  'POST /api/admin/staff': { body: staffCreateSchema, answer: StaffMailedAnswer },
  'PATCH /api/admin/staff/:staffId': { body: staffUpdateSchema, answer: StaffAnswer },
  'POST /api/admin/staff/:staffId/send-link': { answer: StaffMailedAnswer },
  'GET /api/admin/audit': { query: auditQuerySchema, answer: AuditAnswer },
  'GET /api/admin/webhooks': { answer: WebhookEndpointsAnswer },
  'POST /api/admin/webhooks': { body: webhookEndpointCreateSchema, answer: WebhookEndpointCreatedAnswer },
  'PATCH /api/admin/webhooks/:endpointId': {
    body: webhookEndpointUpdateSchema,
    answer: WebhookEndpointAnswer,
  },
  'DELETE /api/admin/webhooks/:endpointId': { answer: DoneAnswer },
  'GET /api/admin/webhooks/:endpointId/deliveries': { answer: WebhookDeliveriesAnswer },
  'POST /api/admin/webhooks/:endpointId/deliveries/:deliveryId/resend': { answer: WebhookDeliveryAnswer },
  'POST /api/admin/webhooks/:endpointId/test': { answer: WebhookDeliveryAnswer },
  // ---- The back office: API tokens (owners) and the warehouse's stock and prices (a token may call it)
  'GET /api/admin/staff-tokens': { answer: StaffTokensAnswer },
  'POST /api/admin/staff-tokens': { body: StaffTokenCreateRequest, answer: StaffTokenCreatedAnswer },
  'POST /api/admin/staff-tokens/:tokenId/revoke': { answer: StaffTokenRevokedAnswer },
  'PATCH /api/admin/products/stock-prices': { body: StockPricesRequest, answer: StockPricesAnswer },
  // ---- The back office: accounting (owners; the export is a CSV file, GET /api/admin/accounting/export)
  'GET /api/admin/accounting/tax-codes': { answer: TaxCodesAnswer },
  'PUT /api/admin/accounting/tax-codes': { body: TaxCodesRequest, answer: TaxCodesAnswer },
  'GET /api/admin/accounting/ids': { query: AccountingIdsQuery, answer: AccountingIdsListAnswer },
  'PUT /api/admin/accounting/ids': { body: AccountingIdsRequest, answer: AccountingIdsAnswer },

  // ---- The back office: customers and applications
  'GET /api/admin/customers': { query: customerListQuerySchema, answer: AdminCustomersAnswer },
  'POST /api/admin/customers': { body: customerCreateSchema, answer: AdminCustomerChangedAnswer },
  'GET /api/admin/customers/:customerId': { answer: AdminCustomerAnswer },
  'PATCH /api/admin/customers/:customerId': { body: customerUpdateSchema, answer: AdminCustomerAnswer },
  'POST /api/admin/customers/:customerId/disable': { answer: AdminCustomerChangedAnswer },
  'POST /api/admin/customers/:customerId/enable': { answer: AdminCustomerChangedAnswer },
  'POST /api/admin/customers/:customerId/password-link': {
    body: PasswordLinkBody,
    answer: AdminMessageAnswer,
  },
  'POST /api/admin/customers/:customerId/contacts': {
    body: contactCreateSchema,
    answer: AdminCustomerChangedAnswer,
  },
  'PATCH /api/admin/customers/:customerId/contacts/:contactId': {
    body: contactUpdateSchema,
    answer: AdminCustomerAnswer,
  },
  'POST /api/admin/customers/:customerId/messages': {
    body: customerMessageSchema,
    answer: AdminCustomerChangedAnswer,
  },
  'GET /api/admin/customers/:customerId/credit': { answer: AdminCreditAnswer },
  'PUT /api/admin/customers/:customerId/credit': { body: creditUpdateSchema, answer: AdminCreditAnswer },
  'GET /api/admin/customers/:customerId/exemptions': { answer: AdminExemptionsAnswer },
  'POST /api/admin/customers/:customerId/exemptions': {
    body: exemptionCreateSchema,
    answer: AdminExemptionChangedAnswer,
  },
  'POST /api/admin/customers/:customerId/exemptions/:exemptionId/revoke': {
    answer: AdminExemptionChangedAnswer,
  },
  'GET /api/admin/customers/:customerId/invoices': { answer: CustomerInvoicesAnswer },
  'GET /api/admin/applications': { query: applicationListQuerySchema, answer: AdminApplicationsAnswer },
  'GET /api/admin/applications/:applicationId': { answer: AdminApplicationAnswer },
  'POST /api/admin/applications/:applicationId/reject': {
    body: applicationRejectSchema,
    answer: AdminApplicationRejectedAnswer,
  },

  // ---- The back office: orders, invoices, payments
  'GET /api/admin/orders': { query: orderListQuerySchema, answer: AdminOrdersAnswer },
  'POST /api/admin/orders/bulk': { body: bulkOrderActionSchema, answer: AdminBulkOrdersAnswer },
  'GET /api/admin/orders/:orderId': { answer: AdminOrderAnswer },
  'POST /api/admin/orders/:orderId/status': { body: orderActionSchema, answer: AdminOrderChangedAnswer },
  'GET /api/admin/orders/:orderId/invoice-draft': { answer: AdminInvoiceDraftAnswer },
  'POST /api/admin/orders/:orderId/invoice': { body: invoiceSchema, answer: AdminOrderChangedAnswer },
  'POST /api/admin/orders/:orderId/invoice/correct': { body: invoiceSchema, answer: AdminOrderChangedAnswer },
  'GET /api/admin/receivables': { query: receivablesQuerySchema, answer: ReceivablesAnswer },
  'POST /api/admin/invoices/:invoiceId/payments': { body: paymentSchema, answer: PaymentChangedAnswer },
  'GET /api/admin/orders/:orderId/credit-notes': { answer: AdminOrderCreditNotesAnswer },
  'POST /api/admin/invoices/:invoiceId/credit-notes': {
    body: IssueCreditNoteBody,
    answer: CreditNoteChanged,
  },
  'GET /api/admin/credit-notes/:creditNoteId': { answer: CreditNoteAnswer },
  'POST /api/admin/credit-notes/:creditNoteId/apply': { body: ApplyCreditBody, answer: CreditNoteChanged },
  'POST /api/admin/credit-notes/:creditNoteId/refund': { body: RefundCreditBody, answer: CreditNoteChanged },
  'POST /api/admin/payments/:paymentId/reverse': { body: reversalSchema, answer: PaymentChangedAnswer },

  // ---- The back office: products and the catalog
  'GET /api/admin/products': { query: productListQuerySchema, answer: AdminProductsAnswer },
  'GET /api/admin/products/filter-values': { answer: AdminFilterValuesAnswer },
  'POST /api/admin/products': { body: productCreateSchema, answer: AdminProductSavedAnswer },
  'GET /api/admin/products/:itemId': { answer: AdminProductAnswer },
  'PATCH /api/admin/products/:itemId': { body: productFieldsSchema, answer: AdminProductSavedAnswer },
  'POST /api/admin/products/:itemId/pictures': { form: true, answer: AdminProductSavedAnswer },
  'POST /api/admin/media': { form: true, answer: AdminMediaAnswer },
  'POST /api/admin/catalog/import/preview': { form: true, answer: ImportPreviewAnswer },
  'POST /api/admin/catalog/import/apply': { form: true, answer: ImportApplyAnswer },

  // ---- The back office: messages and quotes
  'GET /api/admin/contact-messages': { query: contactListQuerySchema, answer: ContactMessagesAnswer },
  'POST /api/admin/contact-messages/:messageId/reply': {
    body: contactReplySchema,
    answer: ContactReplyAnswer,
  },
  'POST /api/admin/contact-messages/:messageId/status': {
    body: contactStatusSchema,
    answer: ContactMessageAnswer,
  },
  'GET /api/admin/customer-threads': { query: contactListQuerySchema, answer: CustomerThreadsAnswer },
  'POST /api/admin/customer-threads/:messageId/reply': {
    body: customerMessageSchema,
    answer: CustomerThreadAnswer,
  },
  'POST /api/admin/customer-threads/:messageId/status': {
    body: contactStatusSchema,
    answer: CustomerThreadAnswer,
  },
  'GET /api/admin/quotes': { query: adminQuoteListQuerySchema, answer: AdminQuoteListAnswer },
  'GET /api/admin/quotes/:quoteId': { answer: QuoteDetailAnswer },
  'POST /api/admin/quotes/:quoteId/answer': { body: quoteAnswerSchema, answer: QuoteDetailAnswer },
  'POST /api/admin/quotes/:quoteId/decline': { body: quoteDeclineSchema, answer: QuoteDetailAnswer },
  'GET /api/admin/warranty-claims': { query: adminClaimListQuerySchema, answer: AdminClaimListAnswer },
  'GET /api/admin/warranty-claims/waiting-count': { answer: AdminClaimCountAnswer },
  'GET /api/admin/warranty-claims/:claimId': { answer: AdminClaimDetailAnswer },
  'POST /api/admin/warranty-claims/:claimId/answer': {
    body: claimAnswerSchema,
    answer: AdminClaimAnsweredAnswer,
  },

  // ---- The back office: returns
  'GET /api/admin/returns': { query: AdminReturnsQuery, answer: AdminReturnsAnswer },
  'GET /api/admin/returns/waiting': { answer: AdminReturnsWaitingAnswer },
  'GET /api/admin/returns/report': { query: ReturnsReportQuery, answer: ReturnsReportAnswer },
  'GET /api/admin/returns/:returnId': { answer: ReturnAnswer },
  'POST /api/admin/returns/:returnId/authorise': { body: AuthoriseReturnBody, answer: ReturnAnswer },
  'POST /api/admin/returns/:returnId/decline': { body: DeclineReturnBody, answer: ReturnAnswer },
  'POST /api/admin/returns/:returnId/lines/:returnLineId/receive': {
    body: ReceiveReturnLineBody,
    answer: ReturnAnswer,
  },
  'POST /api/admin/returns/:returnId/resolve': { body: ResolveReturnBody, answer: ReturnAnswer },

  // ---- The back office: serials and extended plans
  'GET /api/admin/serials': { query: serialSearchQuerySchema, answer: SerialSearchAnswer },
  'GET /api/admin/serials/:serial': { answer: SerialHistoryAnswer },
  'GET /api/admin/orders/:orderId/plans': { answer: PlanLinesAnswer },
  'POST /api/admin/orders/:orderId/plans/:lineId/units': {
    body: registerPlanSchema,
    answer: PlanRegisteredAnswer,
  },

  // ---- The back office: tax rates and fees
  'GET /api/admin/tax-rates': { answer: AdminTaxRatesAnswer },
  'POST /api/admin/tax-rates': { body: taxRateCreateSchema, answer: AdminTaxRateAddedAnswer },
  'PUT /api/admin/tax-rates/:rateId': { body: taxRateUpdateSchema, answer: AdminTaxRateAddedAnswer },
  'GET /api/admin/fees': { answer: AdminFeesAnswer },
  'POST /api/admin/fees': { body: feeCreateSchema, answer: AdminFeeSavedAnswer },
  'PUT /api/admin/fees/:feeId': { body: feeUpdateSchema, answer: AdminFeeSavedAnswer },
} as const satisfies Record<`${Method} /api/${string}`, RouteSchemas>;

/** The table's type: what the page's client is typed from. */
export type Routes = typeof ROUTES;
export type Route = keyof Routes;
