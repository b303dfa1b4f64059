import { Global, Module } from '@nestjs/common';
import { Clock, PasswordHasher, RandomSource, SecretBox, SecretHasher } from './secrets.js';

@Global()
@Module({
  providers: [Clock, PasswordHasher, RandomSource, SecretBox, SecretHasher],
  exports: [Clock, PasswordHasher, RandomSource, SecretBox, SecretHasher],
})
export class SecurityModule {}
