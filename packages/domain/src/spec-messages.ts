/**
 * The English catalogue of the domain's messages: every message of messages.ts, account-rules.ts, cart.ts
 * and quick-order.ts under a key, built from those constants so the English stays the specification's
 * words exactly. A message with values is kept as its template (`This item currently only have {n} left.`).
 * Other languages give the same keys in locales/<lang>/spec.json; a Translator made with this catalogue as
 * its English finds any of these messages by its English text (Translator.fromEnglish).
 */
import { ACCOUNT_MSG, APPLICATION_MSG } from './account-rules';
import { CART_MSG } from './cart';
import type { Catalogue } from './i18n';
import { MSG } from './messages';
import { QUICK_MSG } from './quick-order';
import { QUOTE_MSG } from './quote-rules';

/** A placeholder passed where a message function takes a value: the template keeps `{name}`. */
const v = (name: string) => `{${name}}` as never;

function keyed(prefix: string, messages: Record<string, unknown>): Catalogue {
  const out: Catalogue = {};
  for (const [key, text] of Object.entries(messages)) {
    if (typeof text === 'string') out[`${prefix}.${key}`] = text;
  }
  return out;
}

export const SPEC_EN: Catalogue = {
  ...keyed('msg', MSG),
  ...keyed('account', ACCOUNT_MSG),
  ...keyed('application', APPLICATION_MSG),
  ...keyed('cart', CART_MSG),
  ...keyed('quick', QUICK_MSG),
  ...keyed('quote', QUOTE_MSG),
  // Messages with values, as templates.
  'cart.clamped': CART_MSG.clamped(v('n')),
  'cart.plusAbove': CART_MSG.plusAbove(v('n')),
  'cart.exceedsOnLoad': CART_MSG.exceedsOnLoad(v('name'), v('quantity'), v('stock')),
  'cart.goneFromCart': CART_MSG.goneFromCart(v('name')),
  'cart.autoRemoved': CART_MSG.autoRemoved(v('name')),
  'cart.updateFailed': CART_MSG.updateFailed(v('name')),
  'cart.removed': CART_MSG.removed(v('name')),
  'cart.added': CART_MSG.added(v('name')),
  'cart.notEnoughStock': CART_MSG.notEnoughStock(v('name'), 1 as never).replace('1', '{n}'),
  'cart.notEnoughStockNone': CART_MSG.notEnoughStock(v('name'), 0),
  'quick.condition': QUICK_MSG.condition(v('word')),
  'quick.unknown': QUICK_MSG.unknown(v('sku')),
  'quick.removed': QUICK_MSG.removed(v('sku')),
  'quick.notOffered': QUICK_MSG.notOffered(v('sku'), v('condition')),
  'quick.outOfStock': QUICK_MSG.outOfStock(v('sku')),
  'quick.ambiguous2': QUICK_MSG.ambiguous(v('sku'), ['{first}', '{last}']),
  'quick.ambiguous3': QUICK_MSG.ambiguous(v('sku'), ['{first}', '{second}', '{last}']),
  'quick.added': QUICK_MSG.added(v('sku'), v('quantity')),
  'quote.unknownItem': QUOTE_MSG.unknownItem(v('item')),
  'quote.notOffered': QUOTE_MSG.notOffered(v('name'), v('condition')),
  'quote.expired': QUOTE_MSG.expired(v('day')),
  'quote.shortStock': QUOTE_MSG.shortStock(v('name'), 2 as never, v('needed')).replace('2', '{left}'),
  'quote.shortStockNone': QUOTE_MSG.shortStock(v('name'), 0, v('needed')),
  'quote.noLongerSold': QUOTE_MSG.noLongerSold(v('name'), v('condition')),
  'quote.requested': QUOTE_MSG.requested(v('quoteNumber')),
  'quote.withdrawnNow': QUOTE_MSG.withdrawnNow(v('quoteNumber')),
  'quote.placed': QUOTE_MSG.placed(v('orderNumber'), v('quoteNumber')),
  'quote.placedAlready': QUOTE_MSG.placedAlready(v('orderNumber'), v('quoteNumber')),
  'quote.overLimit': QUOTE_MSG.overLimit(v('total'), v('limit')),
  // The conditions as messages name them (quick.notOffered, quick.ambiguous*): read back out and translated.
  'condition.BrandNew': 'BrandNew',
  'condition.Recertified': 'Recertified',
  'condition.ScratchDent': 'ScratchDent',
  'condition.Warranty': 'Warranty',
  // waitText and the messages that carry it (messages.ts).
  'wait.minute': 'a minute',
  'wait.minutes': '{n} minutes',
  'wait.hours': '{n} hours',
  'msg.tooManySignInAttempts': 'Too many sign-in attempts, please wait {wait} and try again.',
  'msg.tooManyCodeAttempts': 'Too many verification code attempts, please wait {wait} and try again.',
};
