import { useEffect } from 'react';
import { failureMessage } from '../data';

/** A failed load: the server's message in an alert (SPEC §8) and on the page. */
export function LoadError({ error }: { error: unknown }) {
  const message = failureMessage(error, 'The data could not be loaded, please try again.');
  useEffect(() => {
    window.alert(message);
  }, [message]);
  return (
    <p className="banner banner--error" role="alert">
      {message}
    </p>
  );
}
