import { useEffect, useRef } from 'react';

/**
 * Runs `act` after the render in which `key` takes a new value, once per value. Under `<StrictMode>` React
 * runs every effect twice in development; an alert, a navigation or a request must still happen once.
 * A key of null, undefined or false does nothing.
 */
export function useOncePer<K>(key: K | null | undefined | false, act: (key: K) => void): void {
  const done = useRef<unknown>(undefined);
  // After every render, cheaply: the check below is what limits it to once per value.
  useEffect(() => {
    if (key === null || key === undefined || key === false || Object.is(done.current, key)) return;
    done.current = key;
    act(key);
  });
}
