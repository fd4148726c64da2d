/** What a buyer reads in English: a message said from the English catalogues (back-office text as it is). */
import type { Message } from '@shop/domain/core/i18n';
import { isMessageKey } from '@shop/domain/core/i18n';
import { translators } from '../i18n/lang';

export function en(said: Message | string): string {
  return typeof said === 'string' && !isMessageKey(said) ? said : translators.en.say(said as Message);
}

/** The same in French. */
export function fr(said: Message | string): string {
  return typeof said === 'string' && !isMessageKey(said) ? said : translators.fr.say(said as Message);
}
