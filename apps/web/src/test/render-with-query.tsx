import { notifyManager, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { newQueryClient } from '@/lib/query-client';

// The cache tells screens about new data on a zero-delay timer, which Jest's fake timers would hold back: in tests
// it goes as a microtask, so `await act(…)` sees the answer as it saw a plain promise's.
notifyManager.setScheduler(queueMicrotask);

/** Renders a screen as the app does, inside a query cache; a new cache for each render, so tests share no data. */
export function renderWithQuery(ui: ReactElement): RenderResult {
  const client = newQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return render(ui, { wrapper });
}
