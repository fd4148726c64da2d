import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { QUICK_MSG } from '../cart/quick-order';
import { CART_MSG } from '../cart/rules';
import { isMessageKey, langFromAcceptLanguage, message, Translator } from './i18n';
import { MSG, tooManyCodeAttempts, tooManySignInAttempts } from './messages';

const packages = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every catalogue pair: { name, en, fr }. */
function cataloguePairs(): { name: string; en: Record<string, string>; fr: Record<string, string> }[] {
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const pairs = [
    ...['spec', 'quotes'].map((name) => ({
      name: `domain/${name}`,
      en: read(join(packages, `domain/src/locales/en/${name}.json`)),
      fr: read(join(packages, `domain/src/locales/fr/${name}.json`)),
    })),
  ];
  for (const pkg of ['web', 'server']) {
    const dir = join(packages, pkg, 'src/locales');
    const names = new Set([...readdirSync(join(dir, 'en')), ...readdirSync(join(dir, 'fr'))]);
    for (const file of names) {
      const en = (() => {
        try {
          return read(join(dir, 'en', file));
        } catch {
          return {};
        }
      })();
      const fr = (() => {
        try {
          return read(join(dir, 'fr', file));
        } catch {
          return {};
        }
      })();
      pairs.push({ name: `${pkg}/${file}`, en, fr });
    }
  }
  return pairs;
}

function argumentNames(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date)
      into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      into.add(element.value);
      for (const option of Object.values(element.options)) argumentNames(option.value, into);
    }
    if (element.type === TYPE.tag) argumentNames(element.children, into);
  }
  return into;
}

describe('catalogues', () => {
  for (const { name, en, fr } of cataloguePairs()) {
    it(`${name}: every key is in English and in French`, () => {
      expect(
        Object.keys(fr).filter((k) => !(k in en)),
        'in French only',
      ).toEqual([]);
      expect(
        Object.keys(en).filter((k) => !(k in fr)),
        'in English only',
      ).toEqual([]);
    });
    it(`${name}: every message is valid ICU and both languages take the same values`, () => {
      for (const key of Object.keys(en)) {
        if (!(key in fr)) continue;
        const enArgs = argumentNames(parse(en[key]!));
        const frArgs = argumentNames(parse(fr[key]!));
        expect([...frArgs].sort(), `${name} ${key}`).toEqual([...enArgs].sort());
      }
    });
  }
});

describe('Translator', () => {
  const fr = new Translator('fr', [
    { 'cart.items': '{count, plural, one {# article} other {# articles}}', 'msg.hello': 'Bonjour {name}' },
  ]);
  it('formats ICU plurals and numbers in the language', () => {
    expect(fr.t('cart.items', { count: 1 })).toBe('1 article');
    expect(fr.t('cart.items', { count: 1234 })).toBe('1\u00a0234 articles');
  });
  it('says a message by its key, its values as they are, whatever they read', () => {
    expect(fr.say(message('msg.hello', { name: 'Ann' }))).toBe('Bonjour Ann');
    // A value is text, even one that reads like a key: a buyer's words are never taken for a message.
    expect(fr.say(message('msg.hello', { name: 'cart.items' }))).toBe('Bonjour cart.items');
    expect(fr.say(message('msg.hello', { name: message('cart.items', { count: 2 }) }))).toBe(
      'Bonjour 2 articles',
    );
  });
  it('tells a key from English text', () => {
    expect(isMessageKey('msg.itemMissing')).toBe(true);
    expect(isMessageKey('alerts.msg.conditions')).toBe(true);
    expect(isMessageKey('Not found.')).toBe(false);
    expect(isMessageKey('Order 12.5 is late')).toBe(false);
  });
  it('reads a language from Accept-Language by its weights', () => {
    expect(langFromAcceptLanguage('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(langFromAcceptLanguage('en-US,en;q=0.9,fr;q=0.8')).toBe('en');
    expect(langFromAcceptLanguage('de-DE,fr;q=0.5')).toBe('fr');
    expect(langFromAcceptLanguage('de-DE')).toBe('en');
    expect(langFromAcceptLanguage(undefined)).toBe('en');
  });
  const specEn = JSON.parse(readFileSync(join(packages, 'domain/src/locales/en/spec.json'), 'utf8'));
  it('says the specification messages word for word in English, with their values', () => {
    const en = new Translator('en', [specEn]);
    expect(en.say(MSG.loginFailed)).toBe('Customer ID or password is incorrect.');
    expect(en.say(MSG.itemMissing)).toBe('Item does not exsist, or Item has been removed.');
    expect(en.say(CART_MSG.clamped(3))).toBe('This item currently only have 3 left.');
    expect(en.say(QUICK_MSG.added('NX.1', 5))).toBe('5 × NX.1 added to your cart.');
    expect(en.say(tooManySignInAttempts(60_000))).toBe(en.say(MSG.tooManyAttempts));
    expect(en.say(tooManySignInAttempts(4 * 60_000))).toBe(
      'Too many sign-in attempts, please wait 4 minutes and try again.',
    );
    expect(en.say(tooManyCodeAttempts(3 * 3_600_000))).toBe(
      'Too many verification code attempts, please wait 3 hours and try again.',
    );
    expect(en.say(CART_MSG.notEnoughStock('A', 2))).toBe(
      'A only has 2 left in stock. Please update the quantity in your cart.',
    );
    expect(en.say(CART_MSG.notEnoughStock('A', 0))).toBe(
      'A is out of stock. Please remove it from your cart.',
    );
  });
  it('names the conditions of a quick order in French, in the messages that carry them', () => {
    const specFr = JSON.parse(readFileSync(join(packages, 'domain/src/locales/fr/spec.json'), 'utf8'));
    const fr = new Translator('fr', [specFr]);
    expect(fr.say(QUICK_MSG.notOffered('NX.1', 'Recertified'))).toBe(
      "NX.1 n'est pas vendu à l'état Remis à neuf.",
    );
    expect(fr.say(QUICK_MSG.ambiguous('NX.1', ['BrandNew', 'ScratchDent'])).replace(/\u00a0/g, ' ')).toBe(
      "NX.1 est vendu à l'état Neuf et Égratigné et bosselé : ajoutez l'état, p. ex. « NX.1 1 Égratigné et bosselé ».",
    );
    expect(fr.say(QUICK_MSG.condition('used')).replace(/\u00a0/g, ' ')).toBe(
      "« used » n'est pas un état. Utilisez Neuf, Remis à neuf, Égratigné et bosselé ou Garantie.",
    );
  });
  it('says a reworded English message in French all the same: the key is what the code sends', () => {
    const reworded = new Translator('en', [{ ...specEn, 'msg.itemMissing': 'That item is gone.' }]);
    const specFr = JSON.parse(readFileSync(join(packages, 'domain/src/locales/fr/spec.json'), 'utf8'));
    const fr = new Translator('fr', [specFr]);
    expect(reworded.say(MSG.itemMissing)).toBe('That item is gone.');
    expect(fr.say(MSG.itemMissing)).toBe(specFr['msg.itemMissing']);
  });
});
