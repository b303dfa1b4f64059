import type { AvailableCourseDto, CourierRatingsDto, DeliveryDto, NavigationDto } from '@coursa/contracts';
import type { CourseStatus } from '@coursa/domain';
import { apiClient } from '@/lib/api-client';

/** GET /delivery/earnings (spec §3 "Earnings summary"); commission_rate is a fraction. */
export interface EarningsSummary {
  pending_amount: number;
  pending_courses: number;
  paid_amount: number;
  paid_courses: number;
  total_amount: number;
  total_courses: number;
  next_payment_date: string;
  commission_rate: number;
  payment_frequency: 'weekly';
}

export interface CommissionRecord {
  id: string;
  status: 'pending' | 'paid';
  created_at: string;
  course_info: { pickup_address: string; delivery_address: string };
  course_amount: number;
  commission_amount: number;
  commission_rate: number;
}

export interface PaymentRecord {
  id: string;
  payment_status: 'completed' | 'failed' | 'in_progress';
  created_at: string;
  period_start: string;
  period_end: string;
  total_courses: number;
  payment_method: string;
  payment_reference: string;
  total_commission: number;
}

const course = (id: string) => `/delivery/course/${encodeURIComponent(id)}`;

/** The courier's calls (spec §7), all under /delivery. */
export const courierApi = {
  toggleAvailability: () => apiClient.post<{ is_available: boolean }>('/delivery/toggle-availability'),
  availableCourses: () => apiClient.get<AvailableCourseDto[]>('/delivery/available-courses'),
  accept: (id: string) => apiClient.post<unknown>(`/delivery/accept-course/${encodeURIComponent(id)}`),
  history: () => apiClient.get<DeliveryDto[]>('/delivery/history'),
  navigation: (id: string) => apiClient.get<NavigationDto>(`${course(id)}/navigation`),
  updateStatus: (id: string, status: CourseStatus) =>
    apiClient.post<unknown>(`${course(id)}/update-status?new_status=${encodeURIComponent(status)}`),
  verifyOtp: (id: string, otp: string) => apiClient.post<unknown>(`${course(id)}/verify-otp`, { otp }),
  regenerateOtp: (id: string) => apiClient.post<unknown>(`${course(id)}/regenerate-otp`),
  contactSupport: (id: string, issue: string) =>
    apiClient.post<unknown>(`${course(id)}/contact-support?issue=${encodeURIComponent(issue)}`),
  ratings: () => apiClient.get<CourierRatingsDto>('/delivery/ratings'),
  earnings: () => apiClient.get<EarningsSummary>('/delivery/earnings'),
  commissionHistory: () => apiClient.get<CommissionRecord[]>('/delivery/commission-history'),
  paymentHistory: () => apiClient.get<PaymentRecord[]>('/delivery/payment-history'),
  requestPayment: (amount: number) =>
    apiClient.post<{ message: string }>('/delivery/request-payment', { amount, reason: 'early_payment' }),
};
