export { adminAnalyticsQueries, AUTO_REFRESH_MS } from './api/admin-analytics-api';
export { AnalyticsTab } from './components/AnalyticsTab';
export { Figure, FinancialCard, LiveActivityCard } from './components/AnalyticsCards';
export { NO_VALUE, showNumber } from './components/figures';
