import { useEffect } from 'react';

/** Sets the document title for a page. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | Acer Store` : 'Acer Store';
  }, [title]);
}
