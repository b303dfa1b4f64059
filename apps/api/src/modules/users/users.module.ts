import { Module } from '@nestjs/common';
import { AuthStates } from './auth-states.js';
import { UsersRepository } from './users.repository.js';

@Module({ providers: [UsersRepository, AuthStates], exports: [UsersRepository, AuthStates] })
export class UsersModule {}
