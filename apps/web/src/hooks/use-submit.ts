import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';

/**
 * State of a form that calls the API: `run` marks it pending and turns a failure into the message to show
 * (the server's `detail`, else `fallbackError`); `setError` reports a validation message without a call.
 */
export function useSubmit(fallbackError: string) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<void>): Promise<void> {
    setError(null);
    setPending(true);
    try {
      await action();
    } catch (caught) {
      setError(errorMessage(caught, fallbackError));
    } finally {
      setPending(false);
    }
  }

  return { pending, error, setError, run };
}
