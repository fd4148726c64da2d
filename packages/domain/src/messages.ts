/** Every message a person sees, in the specification's own words (typos included). */
export const MSG = {
  loginBanner:
    "Your Customer ID or password is incorrect. Please try again. If you've forgotten your sign in details, please contact customer support for help.",
  loginFailed: 'Customer ID or password is incorrect.',
  loginRequired: 'Customer ID and password are required.',
  tooManyAttempts: 'Too many sign-in attempts, please wait a minute and try again.',
  notSignedIn: 'Please sign in first.',
  forbidden: 'You can only access your own account.',
  itemMissing: 'Item does not exsist, or Item has been removed.',
  noItems: 'No Item Available',
  unexpected: 'Unexpected Application Error!',
  contactFullName: 'Full name cannot be empty, max length is 50.',
  contactPhone: 'Please enter 10 digits number without any other characters.',
  contactEmail: 'Email address format is wrong, max length is 50.',
  contactOrderNumber: 'Order number cannot be empty, max length 50 characters.',
  contactCompany: 'Company name max length is 50.',
  contactRma: 'RMA number max length is 50.',
  contactQuestions: 'Quesitons cannot be empty, max length is 5000.',
  contactSent:
    'Thank you for contacting us, your message has been sent. We will get back to you within one business day.',
  invalidRequest: 'The request is not valid, please check what you entered.',
  quantityExceedsStock: 'Ordered item quantity exceed the current stock!',
  pleaseLogin: 'Please log in first.',
  crossSite: "Requests from other sites are not accepted, please use the shop's own pages.",
  addressesAdminOnly: "Only your company's administrators can change its addresses.",
  buyersAdminOnly: "Only your company's administrators can manage its buyers.",
  buyerNotFound: 'There is no such buyer in your company.',
  buyerNotYourself: 'You cannot turn yourself off; ask another administrator of your company.',
} as const;

/** "a minute", "2 minutes", "24 hours": a wait, rounded up, for the messages below. */
export function waitText(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  if (minutes <= 1) return 'a minute';
  if (minutes < 120) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/** An account locked after repeated wrong passwords; with a one-minute wait it reads as MSG.tooManyAttempts. */
export function tooManySignInAttempts(waitMs: number): string {
  return `Too many sign-in attempts, please wait ${waitText(waitMs)} and try again.`;
}

/** An account that used up its reset-code tries for the day. */
export function tooManyCodeAttempts(waitMs: number): string {
  return `Too many verification code attempts, please wait ${waitText(waitMs)} and try again.`;
}
