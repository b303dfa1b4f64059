import { Inject, Injectable } from '@nestjs/common';
import type { QuoteResponse, V1DeliveryDto, V1TrackingLinkDto } from '@coursa/contracts';
import type { V1DeliveryListInput, V1QuoteInput } from '@coursa/contracts/schemas';
import { statusesOf } from '@coursa/domain';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { SecretBox } from '../../common/security/secrets.js';
import { CoursesService } from '../courses/courses.service.js';
import { MerchantAccounts } from '../merchants/merchant-accounts.service.js';
import { trackingUrl } from '../recipient-tracking/tracking-link.js';
import { PublicApiErrors } from './public-api.errors.js';
import { PublicApiRepository } from './public-api.repository.js';
import { toV1Delivery } from './v1-delivery.mapper.js';
import { quotePointsOf } from './v1-order.js';

/**
 * The public API's reads, quote and cancellation (issue 40), for a merchant's key or session alike. A delivery is one
 * of the merchant's own courses; any other id answers as a missing one.
 */
@Injectable()
export class PublicApiService {
  constructor(
    private readonly deliveries: PublicApiRepository,
    private readonly merchants: MerchantAccounts,
    private readonly courses: CoursesService,
    private readonly box: SecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The price of a delivery before ordering it, the pickup defaulting to the merchant's (as a client's quote). */
  async quote(user: AuthUser, input: V1QuoteInput): Promise<QuoteResponse> {
    const merchant = await this.merchants.require(user);
    return this.courses.quote(user, quotePointsOf(merchant, input));
  }

  async list(user: AuthUser, query: V1DeliveryListInput): Promise<{ deliveries: V1DeliveryDto[]; next_cursor: string | null }> {
    const merchant = await this.merchants.require(user);
    const page = await this.deliveries.listOwn(merchant.userId, { statuses: query.status && statusesOf(query.status), reference: query.reference }, query);
    return { deliveries: page.rows.map(toV1Delivery), next_cursor: page.nextCursor };
  }

  async get(user: AuthUser, id: string): Promise<V1DeliveryDto> {
    return toV1Delivery(await this.own(user, id));
  }

  /** Cancels as a client cancels her course (CoursesService.cancel: only while it waits for a courier). */
  async cancel(user: AuthUser, id: string, ip?: string): Promise<V1DeliveryDto> {
    await this.own(user, id);
    await this.courses.cancel(user, id, ip);
    return this.get(user, id);
  }

  /** The recipient's tracking link, read again from the token sealed with the course (GET /api/public/tracking opens it). */
  async trackingLink(user: AuthUser, id: string): Promise<V1TrackingLinkDto> {
    const course = await this.own(user, id);
    if (!course.trackingTokenSealed) throw PublicApiErrors.trackingLinkUnavailable();
    return { delivery_id: course.id, url: trackingUrl(this.config.PUBLIC_URL, this.box.open(course.trackingTokenSealed)) };
  }

  private async own(user: AuthUser, id: string) {
    const merchant = await this.merchants.require(user);
    const course = await this.deliveries.findOwn(merchant.userId, id);
    if (!course) throw PublicApiErrors.deliveryNotFound();
    return course;
  }
}
