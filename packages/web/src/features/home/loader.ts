/** The home page's data: the three sliders' products (refetched when the percentage changes). */
import type { MainPageAnswer } from '@shop/domain/api';
import { useLoaderData } from 'react-router';
import { type Read, read } from '../../lib/reads';

export function homeLoader() {
  return { main: read<MainPageAnswer>('/mainpage') };
}

export function useHomeReads(): { main: Read<MainPageAnswer> } {
  return useLoaderData() as ReturnType<typeof homeLoader>;
}
