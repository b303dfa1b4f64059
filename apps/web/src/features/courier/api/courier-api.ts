import type {
  AvailableCourseDto,
  CommissionDto,
  CourierRatingsDto,
  DeliveryDto,
  EarningsSummaryDto,
  NavigationDto,
  PaymentRecordDto,
} from '@coursa/contracts';
import type { CourseStatus } from '@coursa/domain';
import { apiClient } from '@/lib/api-client';

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
  earnings: () => apiClient.get<EarningsSummaryDto>('/delivery/earnings'),
  commissionHistory: () => apiClient.get<CommissionDto[]>('/delivery/commission-history'),
  paymentHistory: () => apiClient.get<PaymentRecordDto[]>('/delivery/payment-history'),
  requestPayment: (amount: number) =>
    apiClient.post<{ message: string }>('/delivery/request-payment', { amount, reason: 'early_payment' }),
};
