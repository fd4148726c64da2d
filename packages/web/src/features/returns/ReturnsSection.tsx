/** The account's Returns: the company's returns (RMA), newest first, with their state. */
import type { ReturnSummary } from '@shop/domain/after-sale/return-answers';
import { useEffect, useState } from 'react';
import { Loading } from '../../components/Loading';
import { ApiError, api } from '../../lib/api';
import { t } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { ReturnsList } from './ReturnsList';

export function ReturnsSection() {
  const { customerId } = useSession();
  const [returns, setReturns] = useState<ReturnSummary[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const controller = new AbortController();
    api('GET /api/user/:customerid/returns', {
      params: { customerid: customerId },
      signal: controller.signal,
    }).then(
      (answer) => setReturns(answer.returns),
      (e: unknown) => {
        if (!controller.signal.aborted) setError(e instanceof ApiError ? e.message : t('returns:failed'));
      },
    );
    return () => controller.abort();
  }, [customerId]);
  return (
    <div className="returns">
      <p>{t('returns:list.how')}</p>
      {error ? (
        <p className="banner banner--error" role="alert">
          {error}
        </p>
      ) : !returns ? (
        <Loading />
      ) : returns.length === 0 ? (
        <p>{t('returns:list.none')}</p>
      ) : (
        <ReturnsList returns={returns} caption={t('returns:title')} />
      )}
    </div>
  );
}
