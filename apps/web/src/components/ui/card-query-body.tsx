import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from './load-error';
import { Spinner } from './spinner';

/**
 * The body of a card that shows one query's data: a spinner while it loads, the failure with a
 * way to try again, else what `children` makes of the data.
 */
export function CardQueryBody<T>({
  query,
  errorMessage,
  children,
}: {
  query: UseQueryResult<T>;
  errorMessage: string;
  children(data: T): ReactNode;
}) {
  if (query.isPending)
    return (
      <div className="flex justify-center p-6">
        <Spinner />
      </div>
    );
  if (query.isError)
    return (
      <div className="p-5">
        <LoadError message={errorMessage} onRetry={() => void query.refetch()} />
      </div>
    );
  return children(query.data);
}
