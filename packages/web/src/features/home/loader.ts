/** The home page's data: the three sliders' products (refetched when the percentage changes). */
import { useLoaderData } from 'react-router';
import { type Read, read } from '../../lib/reads';
import type { ItemBrief } from '../../lib/types';

export interface MainPage {
  products: { featuredProducts: ItemBrief[]; popularProducts: ItemBrief[]; newProducts: ItemBrief[] };
}

export function homeLoader() {
  return { main: read<MainPage>('/mainpage') };
}

export function useHomeReads(): { main: Read<MainPage> } {
  return useLoaderData() as ReturnType<typeof homeLoader>;
}
