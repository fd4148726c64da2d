/**
 * Long lists of the shop's own links (the category menu, the footer) as plain <a href>, followed by the
 * router through one click listener on their container rather than a router `Link` each. A `Link` costs its
 * hooks on every page drawn (the menu has some 60 of them, and a buyer's own page is drawn for each
 * request: they were a sixth of the cart page's drawing), where a plain link costs nothing; the listener
 * does what `Link` does on a click: the router's navigation for a plain left click (or Enter) on a link of
 * this shop, the browser's own for any other (a new tab, a download, another site).
 */
import { type RefObject, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

export function usePlainLinks<T extends HTMLElement>(): RefObject<T | null> {
  const container = useRef<T>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element | null)?.closest('a');
      if (!anchor || !element.contains(anchor)) return;
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      if (anchor.origin !== window.location.origin) return;
      event.preventDefault();
      void navigate(anchor.pathname + anchor.search + anchor.hash);
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, [navigate]);
  return container;
}
