/** @jest-environment jsdom */
import type { AnalyticsDto } from '@coursa/contracts';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery } from '@/test/render-with-query';
import { AnalyticsTab } from './AnalyticsTab';

const ANALYTICS: AnalyticsDto = {
  total_revenue: 150000,
  previous_revenue: 100000,
  total_courses: 12,
  previous_courses: 10,
  active_deliverers: 3,
  online_deliverers: 2,
  average_delivery_time: null,
  average_order_value: 25000,
  total_commissions: 105000,
  commission_percentage: 70,
  customer_satisfaction: 5,
  total_ratings: 0,
  success_rate: 50,
  successful_deliveries: 6,
  cancellation_rate: 8.3,
  cancelled_courses: 1,
  repeat_customer_rate: 20,
  peak_hours: '14:00-16:00',
  delivery_efficiency: 83.3,
  new_clients: 4,
  delivery_metrics: { in_progress: 2, pending: 1, delivered_today: 3 },
  weekly_trends: Array.from({ length: 7 }, (_, day) => ({ date: `2026-01-0${day + 1}`, revenue: 1000 * day, orders: day, growth: 0 })),
  top_deliverers: [
    { name: 'A', deliveries: 5 },
    { name: 'B', deliveries: 3 },
    { name: 'C', deliveries: 2 },
    { name: 'D', deliveries: 1 },
  ],
  top_zones: [{ name: 'Kaloum', orders: 4 }],
  top_delivery_personnel: [],
  alerts: [{ type: 'few_active_deliverers', message: 'Peu de livreurs actifs : 3 (minimum : 5).', value: 3 }],
};

describe('advanced analytics', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    jest.useFakeTimers();
    fetchMock = jest.fn<typeof fetch>(() => answer(200, ANALYTICS));
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    cleanup();
    jest.useRealTimers();
  });

  it('shows the answer: alerts, a dash for a missing average time, top 3 only, 7 trend days', async () => {
    await act(async () => renderWithQuery(<AnalyticsTab />));
    expect(screen.getByRole('alert').textContent).toBe('Peu de livreurs actifs : 3 (minimum : 5).');
    expect(screen.getAllByText('—').length).toBeGreaterThan(0);
    expect(screen.getByRole('list', { name: 'Livraisons par livreur' }).children).toHaveLength(3);
    expect(screen.getByRole('list', { name: "Chiffre d'affaires par jour" }).children).toHaveLength(7);
  });

  it('loads the chosen period and refreshes every 30 s', async () => {
    await act(async () => renderWithQuery(<AnalyticsTab />));
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/period=7days$/);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '90 jours' })));
    expect(String(fetchMock.mock.calls.at(-1)![0])).toMatch(/period=90days$/);
    const calls = fetchMock.mock.calls.length;
    await act(async () => jest.advanceTimersByTime(29_999));
    expect(fetchMock.mock.calls.length).toBe(calls);
    await act(async () => jest.advanceTimersByTime(1));
    expect(fetchMock.mock.calls.length).toBe(calls + 1);
    expect(String(fetchMock.mock.calls.at(-1)![0])).toMatch(/period=90days$/);
  });
});
