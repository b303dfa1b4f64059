import { Global, Module } from '@nestjs/common';
import { Clock, PasswordHasher, RandomSource, SecretHasher } from './secrets.js';

@Global()
@Module({
  providers: [Clock, PasswordHasher, RandomSource, SecretHasher],
  exports: [Clock, PasswordHasher, RandomSource, SecretHasher],
})
export class SecurityModule {}
