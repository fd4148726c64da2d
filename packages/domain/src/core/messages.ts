/**
 * The keys of the messages a person sees; their words (the specification's own, typos included) are in
 * the catalogues, locales/<lang>/spec.json.
 */
import { type KeyedMessage, message } from './i18n';

export const MSG = {
  loginBanner: 'msg.loginBanner',
  loginFailed: 'msg.loginFailed',
  loginRequired: 'msg.loginRequired',
  tooManyAttempts: 'msg.tooManyAttempts',
  notSignedIn: 'msg.notSignedIn',
  forbidden: 'msg.forbidden',
  itemMissing: 'msg.itemMissing',
  noItems: 'msg.noItems',
  unexpected: 'msg.unexpected',
  contactFullName: 'msg.contactFullName',
  contactPhone: 'msg.contactPhone',
  contactEmail: 'msg.contactEmail',
  contactOrderNumber: 'msg.contactOrderNumber',
  contactCompany: 'msg.contactCompany',
  contactRma: 'msg.contactRma',
  contactQuestions: 'msg.contactQuestions',
  contactSent: 'msg.contactSent',
  invalidRequest: 'msg.invalidRequest',
  quantityExceedsStock: 'msg.quantityExceedsStock',
  pleaseLogin: 'msg.pleaseLogin',
  crossSite: 'msg.crossSite',
  addressesAdminOnly: 'msg.addressesAdminOnly',
  buyersAdminOnly: 'msg.buyersAdminOnly',
  buyerNotFound: 'msg.buyerNotFound',
  buyerNotYourself: 'msg.buyerNotYourself',
} as const;

/** "a minute", "2 minutes", "24 hours": a wait, rounded up, for the messages below. */
export function waitText(ms: number): KeyedMessage {
  const minutes = Math.ceil(ms / 60_000);
  if (minutes <= 1) return message('wait.minute');
  if (minutes < 120) return message('wait.minutes', { n: minutes });
  return message('wait.hours', { n: Math.ceil(minutes / 60) });
}

/** An account locked after repeated wrong passwords; with a one-minute wait it reads as MSG.tooManyAttempts. */
export function tooManySignInAttempts(waitMs: number): KeyedMessage {
  return message('msg.tooManySignInAttempts', { wait: waitText(waitMs) });
}

/** An account that used up its reset-code tries for the day. */
export function tooManyCodeAttempts(waitMs: number): KeyedMessage {
  return message('msg.tooManyCodeAttempts', { wait: waitText(waitMs) });
}
