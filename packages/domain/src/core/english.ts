/**
 * The specification's messages said in English, from the English catalogues (locales/en/spec.json, quotes.json): what a
 * test compares an answer with, and what the seller's command line prints.
 */

import quotes from '../locales/en/quotes.json' with { type: 'json' };
import spec from '../locales/en/spec.json' with { type: 'json' };
import { isMessageKey, type Message, Translator } from './i18n';

const en = new Translator('en', [spec, quotes]);

/** A message in English; a schema's message (a key as text) too. Text that is no key is refused. */
export function english(said: Message | string | undefined): string {
  if (said === undefined || (typeof said === 'string' && !isMessageKey(said)))
    throw new Error(`Not a message key: ${said}`);
  return en.say(said as Message);
}
