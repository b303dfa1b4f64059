import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { ApiKeyAuthModule } from '../api-keys/api-keys.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthGuard } from './auth.guard.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';
import { SessionCheck } from './session-check.service.js';
import { TokensService } from './tokens.service.js';

@Module({
  imports: [
    UsersModule,
    NotificationsModule,
    ApiKeyAuthModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        // A key object, not the string: jsonwebtoken would otherwise first try to read the string as a PEM public key
        // on every call (a thrown error per request, 6 % of the API's CPU under load).
        secret: createSecretKey(Buffer.from(config.SECRET_KEY)),
        // The algorithm is pinned both ways: a token signed otherwise (or "none") is refused.
        signOptions: { algorithm: 'HS256', expiresIn: config.ACCESS_TOKEN_TTL_SECONDS },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [AuthService, AuthRepository, TokensService, SessionCheck, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [TokensService, SessionCheck],
})
export class AuthModule {}
