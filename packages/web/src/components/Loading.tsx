import { t } from '../lib/i18n';

/**
 * The loading image shown while data loads. `fill` stands in for a whole page: it keeps a screen's height,
 * so the footer is not on screen to be pushed down when the page arrives (a layout shift).
 */
export function Loading({ label, fill = false }: { label?: string; fill?: boolean }) {
  return (
    <div className={fill ? 'loading loading--fill' : 'loading'} role="status">
      <svg viewBox="0 0 50 50" width="48" height="48" aria-hidden="true">
        <circle cx="25" cy="25" r="20" fill="none" stroke="#d9e8c0" strokeWidth="5" />
        <path d="M25 5a20 20 0 0 1 20 20" fill="none" stroke="#5a8a00" strokeWidth="5" strokeLinecap="round">
          <animateTransform
            attributeName="transform"
            type="rotate"
            from="0 25 25"
            to="360 25 25"
            dur="0.8s"
            repeatCount="indefinite"
          />
        </path>
      </svg>
      <span className="visually-hidden">{label ?? t('common:loading')}</span>
    </div>
  );
}
