import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { CART_MSG } from './cart';
import { langFromAcceptLanguage, Translator } from './i18n';
import { MSG, tooManyCodeAttempts, tooManySignInAttempts } from './messages';
import { QUICK_MSG } from './quick-order';
import { SPEC_EN } from './spec-messages';

const packages = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Every catalogue pair: { name, en, fr }; the domain's English is SPEC_EN, built from its constants. */
function cataloguePairs(): { name: string; en: Record<string, string>; fr: Record<string, string> }[] {
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const pairs = [
    { name: 'domain/spec', en: SPEC_EN, fr: read(join(packages, 'domain/src/locales/fr/spec.json')) },
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
  const fr = new Translator(
    'fr',
    [{ 'cart.items': '{count, plural, one {# article} other {# articles}}', 'x.hello': 'Bonjour {name}' }],
    { 'x.hello': 'Hello {name}', 'x.bye': 'Bye.' },
  );
  it('formats ICU plurals and numbers in the language', () => {
    expect(fr.t('cart.items', { count: 1 })).toBe('1 article');
    expect(fr.t('cart.items', { count: 1234 })).toBe('1\u00a0234 articles');
  });
  it('finds a message by its English template and keeps unknown text as it is', () => {
    expect(fr.fromEnglish('Hello Ann')).toBe('Bonjour Ann');
    expect(fr.fromEnglish('Something else')).toBe('Something else');
    expect(fr.fromEnglish('Bye.')).toBe('Bye.'); // no French for it: the English stays
  });
  it('reads a language from Accept-Language by its weights', () => {
    expect(langFromAcceptLanguage('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(langFromAcceptLanguage('en-US,en;q=0.9,fr;q=0.8')).toBe('en');
    expect(langFromAcceptLanguage('de-DE,fr;q=0.5')).toBe('fr');
    expect(langFromAcceptLanguage('de-DE')).toBe('en');
    expect(langFromAcceptLanguage(undefined)).toBe('en');
  });
  it('keeps the specification messages word for word in English, templates included', () => {
    const en = new Translator('en', [SPEC_EN], SPEC_EN);
    expect(en.t('msg.loginFailed')).toBe(MSG.loginFailed);
    expect(en.t('cart.clamped', { n: 3 })).toBe(CART_MSG.clamped(3));
    expect(en.t('quick.added', { sku: 'NX.1', quantity: 5 })).toBe(QUICK_MSG.added('NX.1', 5));
    expect(en.t('msg.tooManySignInAttempts', { wait: en.t('wait.minutes', { n: 4 }) })).toBe(
      tooManySignInAttempts(4 * 60_000),
    );
    expect(en.t('msg.tooManyCodeAttempts', { wait: en.t('wait.hours', { n: 3 }) })).toBe(
      tooManyCodeAttempts(3 * 3_600_000),
    );
    expect(en.t('cart.notEnoughStock', { name: 'A', n: 2 })).toBe(CART_MSG.notEnoughStock('A', 2));
  });
  it('names the conditions of a quick order in French, in the messages that carry them', () => {
    const specFr = JSON.parse(readFileSync(join(packages, 'domain/src/locales/fr/spec.json'), 'utf8'));
    const fr = new Translator('fr', [specFr], SPEC_EN);
    expect(fr.fromEnglish(QUICK_MSG.notOffered('NX.1', 'Recertified'))).toBe(
      "NX.1 n'est pas vendu à l'état Remis à neuf.",
    );
    expect(
      fr.fromEnglish(QUICK_MSG.ambiguous('NX.1', ['BrandNew', 'ScratchDent'])).replace(/\u00a0/g, ' '),
    ).toBe(
      "NX.1 est vendu à l'état Neuf et Égratigné et bosselé : ajoutez l'état, p. ex. « NX.1 1 Égratigné et bosselé ».",
    );
    expect(fr.fromEnglish(QUICK_MSG.condition('used')).replace(/\u00a0/g, ' ')).toBe(
      "« used » n'est pas un état. Utilisez Neuf, Remis à neuf, Égratigné et bosselé ou Garantie.",
    );
  });
});
