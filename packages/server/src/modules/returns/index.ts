/**
 * Returns (RMA): a buyer's request to return units of a delivered order, the seller's authorisation or
 * refusal, receiving and inspecting the units (restocked once), and the resolution: a credit note, a
 * replacement order at no charge or a repair. A warranty claim opens its authorised return with openReturn.
 */
export {
  deliveredOn,
  type IssueCredit,
  type OpenedReturn,
  type OpenReturnInput,
  openReturn,
  SHIPPING_PAYERS,
  type ShippingPayer,
} from './service';
