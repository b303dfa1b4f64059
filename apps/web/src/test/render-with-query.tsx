import type { UserDto } from '@coursa/contracts';
import { notifyManager, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { currentUserQuery } from '@/features/auth';
import { newQueryClient } from '@/lib/query-client';

// The cache tells screens about new data on a zero-delay timer, which Jest's fake timers would hold back: in tests
// it goes as a microtask, so `await act(…)` sees the answer as it saw a plain promise's.
notifyManager.setScheduler(queueMicrotask);

let signedInUser: Partial<UserDto> | null = null;

/** The user the following renders hold as signed in (as after a sign-in), until another is given; null for none. */
export function signInForRenders(user: Partial<UserDto> | null): void {
  signedInUser = user;
}

/**
 * Renders a screen as the app does, inside a query cache; a new cache for each render, so tests share no data. The
 * cache holds the signed-in user given to `signInForRenders`, if any.
 */
export function renderWithQuery(ui: ReactElement): RenderResult & { queryClient: QueryClient } {
  const queryClient = newQueryClient();
  if (signedInUser) queryClient.setQueryData(currentUserQuery().queryKey, signedInUser as UserDto);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return Object.assign(render(ui, { wrapper }), { queryClient });
}
