/** The home page's data: the three sliders' products (refetched when the percentage changes). */
import { useLoaderData } from 'react-router';
import { read } from '../../lib/reads';

export function homeLoader() {
  return { main: read('GET /api/mainpage') };
}

export function useHomeReads(): ReturnType<typeof homeLoader> {
  return useLoaderData() as ReturnType<typeof homeLoader>;
}
