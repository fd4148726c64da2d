/**
 * The display cookies of SPEC §3: the server sets them at sign-in (and clears them at sign-out), the page
 * reads them to draw the header before asking anything, and clears them when the session is gone. The server
 * never trusts them: the session itself is an httpOnly cookie.
 */
export const DISPLAY_COOKIES = [
  'login',
  'customerid',
  'contactPersonId',
  'contactName',
  'percentage',
  'firstName',
  'lastName',
  'company',
  'email',
  'phoneNumber',
  'username',
] as const;

export type DisplayCookie = (typeof DISPLAY_COOKIES)[number];
