import { MOBILE_BREAKPOINT } from '@shop/domain/catalog';
import { useEffect, useState } from 'react';
import { t } from '../lib/i18n';
import type { ItemBrief } from '../lib/types';
import { ProductCard } from './ProductCard';

function useStep(): number {
  const query = `(max-width: ${MOBILE_BREAKPOINT}px)`;
  const [mobile, setMobile] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setMobile(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
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
