import { MOBILE_BREAKPOINT } from '@shop/domain/catalog/rules';
import type { ItemBrief } from '@shop/domain/core/api';
import { useState, useSyncExternalStore } from 'react';
import { t } from '../lib/i18n';
import { ProductCard } from './ProductCard';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT}px)`;

function subscribeToWidth(changed: () => void): () => void {
  const list = window.matchMedia(MOBILE_QUERY);
  list.addEventListener('change', changed);
  return () => list.removeEventListener('change', changed);
}

/** 4 cards at a time on a wide screen, 2 on a phone; the server's HTML (and hydration) has 4. */
function useStep(): number {
  const mobile = useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
  return mobile ? 2 : 4;
}

/** A home-page slider: shows and steps by 4 on desktop, 2 on mobile. */
export function Slider({
  title,
  items,
  eager = false,
}: {
  title: string;
  items: ItemBrief[];
  eager?: boolean;
}) {
  const step = useStep();
  const [start, setStart] = useState(0);
  const id = title.toLowerCase().replace(/\s+/g, '-');
  const last = Math.max(0, items.length - step);
  const first = Math.min(start, last);
  return (
    <section className="slider" aria-labelledby={id}>
      <div className="slider__head">
        <h2 id={id}>{title}</h2>
        <div className="slider__controls">
          <button
            type="button"
            className="slider__arrow"
            aria-label={t('common:slider.previous', { title: title.toLowerCase() })}
            disabled={first === 0}
            onClick={() => setStart(Math.max(0, first - step))}
          >
            ‹
          </button>
          <button
            type="button"
            className="slider__arrow"
            aria-label={t('common:slider.next', { title: title.toLowerCase() })}
            disabled={first >= last}
            onClick={() => setStart(Math.min(last, first + step))}
          >
            ›
          </button>
        </div>
      </div>
      <div className="slider__track" style={{ '--per-view': step } as React.CSSProperties}>
        {items.slice(first, first + step).map((item) => (
          <ProductCard key={`${item.sku}-${item.item_condition}`} item={item} eager={eager} />
        ))}
      </div>
    </section>
  );
}
