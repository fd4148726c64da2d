/**
 * The development mail log: without SMTP_URL each message is printed to the terminal as a person reads a
 * mail, its headers one to a line, then a blank line and the text as written (a reset code or a
 * set-password link stands on a line of its own). It goes to standard error, apart from the JSON lines of
 * the log on standard output, which keep to one structured line per event and never hold a mail's text.
 */

/** What the printed copy shows of a message. */
export interface LoggedMail {
  id: number;
  to: string;
  replyTo: string | null;
  subject: string;
  headers: Record<string, string> | null;
  body: string;
}

/** Where the copies go: the process's standard error in the server. */
export interface MailLogOutput {
  write(text: string): unknown;
}

/** Control characters other than a tab and a line's end: a typed message cannot drive the terminal. */
const CONTROL = /[^\P{Cc}\t\n]/gu;

/** One header's value on one line. */
function headerValue(value: string): string {
  return value.replace(/\r\n|[\r\n]/g, ' ').replace(CONTROL, ' ');
}

/** The message as the terminal prints it, between two rules naming its outbox id. */
export function mailLogText(mail: LoggedMail): string {
  const headers: [string, string][] = [
    ['To', mail.to],
    ...(mail.replyTo ? ([['Reply-To', mail.replyTo]] as [string, string][]) : []),
    ['Subject', mail.subject],
    ...Object.entries(mail.headers ?? {}),
  ];
  const text = mail.body
    .replace(/\r\n|\r/g, '\n')
    .replace(CONTROL, ' ')
    .replace(/\n+$/, '');
  return [
    `----- mail ${mail.id} (SMTP_URL is unset: printed here instead of sent) -----`,
    ...headers.map(([name, value]) => `${name}: ${headerValue(value)}`),
    '',
    text,
    `----- end of mail ${mail.id} -----`,
    '',
  ].join('\n');
}
