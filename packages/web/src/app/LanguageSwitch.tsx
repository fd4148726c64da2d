/**
 * EN | FR: the page's language. The choice goes in the `lang` cookie (and, for a signed-in customer, in
 * the account), then the page loads again in that language. Styled in place, text-sized, so the bars it
 * sits in keep their height and the page keeps its one style sheet.
 */
import type { Lang } from '@shop/domain/core/i18n';
import type { CSSProperties } from 'react';
import { api } from '../lib/api';
import { chooseLanguage, pageLang, t } from '../lib/i18n';
import { useSession } from '../lib/session';

const LANGUAGES: { code: Lang; short: string; name: string }[] = [
  { code: 'en', short: 'EN', name: 'English' },
  { code: 'fr', short: 'FR', name: 'Français' },
];

const BUTTON: CSSProperties = {
  font: 'inherit',
  lineHeight: 'inherit',
  color: 'inherit',
  background: 'none',
  border: 0,
  padding: '0 2px',
  cursor: 'pointer',
};
const CURRENT: CSSProperties = {
  ...BUTTON,
  fontWeight: 700,
  textDecoration: 'underline',
  textUnderlineOffset: 3,
  cursor: 'default',
};

/** `roomy` gives each button a finger-sized target (the mobile menu). */
export function LanguageSwitch({ style, roomy = false }: { style?: CSSProperties; roomy?: boolean }) {
  const { loggedIn } = useSession();
  const choose = (next: Lang) => {
    if (next === pageLang()) return;
    chooseLanguage(
      next,
      loggedIn ? () => api('POST /api/user/language', { body: { language: next } }) : undefined,
    );
  };
  return (
    <span
      role="group"
      aria-label={t('common:language.label')}
      style={{ display: 'inline-flex', alignItems: 'center', whiteSpace: 'nowrap', ...style }}
    >
      {LANGUAGES.map((language, i) => (
        <span key={language.code} style={{ display: 'inline-flex', alignItems: 'center' }}>
          {i > 0 && (
            <span aria-hidden="true" style={{ padding: roomy ? 0 : '0 6px', opacity: 0.6 }}>
              |
            </span>
          )}
          <button
            type="button"
            lang={language.code}
            style={{
              ...(language.code === pageLang() ? CURRENT : BUTTON),
              ...(roomy ? { padding: '8px 12px' } : {}),
            }}
            aria-label={language.name}
            aria-pressed={language.code === pageLang()}
            onClick={() => choose(language.code)}
          >
            {language.short}
          </button>
        </span>
      ))}
    </span>
  );
}
