import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { Logger } from 'pino';
import type { AppConfig } from './common/config/config.js';
import { CoreModule } from './common/core.module.js';
import { AllErrorsFilter } from './common/errors/all-errors.filter.js';
import { AdminModule } from './modules/admin/admin.module.js';
import { AuditModule } from './modules/audit/audit.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { CasesModule } from './modules/cases/cases.module.js';
import { CommissionsModule } from './modules/commissions/commissions.module.js';
import { CoursesModule } from './modules/courses/courses.module.js';
import { DeliveryModule } from './modules/delivery/delivery.module.js';
import { DocsModule } from './modules/docs/docs.module.js';
import { DispatchModule } from './modules/dispatch/dispatch.module.js';
import { DisputesModule } from './modules/disputes/disputes.module.js';
import { RatingsModule } from './modules/ratings/ratings.module.js';
import { SavedPlacesModule } from './modules/places/saved-places.module.js';
import { PlaceSearchModule } from './modules/places/place-search.module.js';
import { PlaceCurationModule } from './modules/places/place-curation.module.js';
import { MerchantsModule } from './modules/merchants/merchants.module.js';
import { PushApiModule } from './modules/push/push.module.js';
import { IdempotencyModule } from './common/idempotency/idempotency.module.js';
import { OpsModule } from './common/ops/ops.module.js';
import { LoyaltyModule } from './modules/loyalty/loyalty.module.js';
import { FilesModule } from './modules/files/files.module.js';
import { OnboardingModule } from './modules/onboarding/onboarding.module.js';
import { SuperAdminModule } from './modules/super-admin/super-admin.module.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { PayoutsModule } from './modules/payouts/payouts.module.js';
import { ReceiptsModule } from './modules/receipts/receipts.module.js';
import { RefundsModule } from './modules/refunds/refunds.module.js';
import { ReconciliationModule } from './modules/reconciliation/reconciliation.module.js';
import { TrackingModule } from './modules/tracking/tracking.module.js';
import { RecipientTrackingModule } from './modules/recipient-tracking/recipient-tracking.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { ApiKeysModule } from './modules/api-keys/api-keys.module.js';
import { PublicApiModule } from './modules/public-api/public-api.module.js';
import { StaffNotificationsModule } from './modules/staff-notifications/staff-notifications.module.js';
import { CourierCashModule, LedgerModule } from './modules/ledger/ledger.module.js';
import { WebhooksModule } from './modules/webhooks/webhooks.module.js';

/** The HTTP process: the REST API (the built web app is served by app.factory). */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, logger),
        AuditModule,
        LedgerModule,
        AuthModule,
        IdempotencyModule,
        OpsModule,
        HealthModule,
        PaymentsModule,
        CoursesModule,
        LoyaltyModule,
        DeliveryModule,
        DispatchModule,
        CommissionsModule,
        RatingsModule,
        PushApiModule,
        SavedPlacesModule,
        PlaceSearchModule,
        DisputesModule,
        CasesModule,
        PayoutsModule,
        CourierCashModule,
        RefundsModule,
        ReconciliationModule,
        AdminModule,
        PlaceCurationModule,
        MerchantsModule,
        StaffNotificationsModule,
        ReceiptsModule,
        TrackingModule,
        RecipientTrackingModule,
        FilesModule,
        OnboardingModule,
        SuperAdminModule,
        ApiKeysModule,
        PublicApiModule,
        WebhooksModule,
        DocsModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: AllErrorsFilter }],
    };
  }
}
