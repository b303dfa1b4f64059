import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import type { FastifyRequest } from 'fastify';
import {
  ActivateSchema,
  ChangePasswordSchema,
  ForgotPasswordSchema,
  LoginSchema,
  RefreshSchema,
  RegisterSchema,
  ResetPasswordSchema,
  type ChangePasswordInput,
  type ForgotPasswordInput,
  type LoginInput,
  type RegisterInput,
  type ResetPasswordInput,
} from '@coursa/contracts/schemas';
import { CurrentUser, Public, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { AuthErrors } from './auth.errors.js';
import { AuthService } from './auth.service.js';
import type { SessionContext } from './tokens.service.js';

const context = (request: FastifyRequest): SessionContext => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('register')
  @HttpCode(201)
  register(
    // A refused role is a 403, whatever else is wrong with the form.
    @Body(new ZodPipe(RegisterSchema, (issue) => (issue.path[0] === 'accepted_terms' ? AuthErrors.termsRequired() : undefined)))
    body: RegisterInput,
    @Req() request: FastifyRequest,
  ): Promise<RouteAnswer<'POST /api/auth/register'>> {
    return this.auth.register(body, context(request));
  }

  @Public()
  @Post('activate')
  @HttpCode(200)
  activate(@Body(new ZodPipe(ActivateSchema)) body: { token?: string }): Promise<RouteAnswer<'POST /api/auth/activate'>> {
    return this.auth.activate(body.token);
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  login(@Body(new ZodPipe(LoginSchema)) body: LoginInput, @Req() request: FastifyRequest): Promise<RouteAnswer<'POST /api/auth/login'>> {
    return this.auth.login(body, context(request));
  }

  @Public()
  @Post('refresh')
  @HttpCode(200)
  refresh(
    @Body(new ZodPipe(RefreshSchema)) body: { refresh_token: string },
    @Req() request: FastifyRequest,
  ): Promise<RouteAnswer<'POST /api/auth/refresh'>> {
    return this.auth.refresh(body.refresh_token, context(request));
  }

  @Public()
  @Post('logout')
  @HttpCode(200)
  logout(@Body(new ZodPipe(RefreshSchema)) body: { refresh_token: string }): Promise<RouteAnswer<'POST /api/auth/logout'>> {
    return this.auth.logout(body.refresh_token);
  }

  @Get('me')
  me(@CurrentUser() user: AuthUser): Promise<RouteAnswer<'GET /api/auth/me'>> {
    return this.auth.me(user.id);
  }

  @Post('change-password')
  @HttpCode(200)
  changePassword(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(ChangePasswordSchema)) body: ChangePasswordInput,
    @Req() request: FastifyRequest,
  ): Promise<RouteAnswer<'POST /api/auth/change-password'>> {
    return this.auth.changePassword(user.id, body, context(request));
  }

  @Public()
  @Post('forgot-password-choice')
  @HttpCode(200)
  forgotPassword(
    @Body(new ZodPipe(ForgotPasswordSchema)) body: ForgotPasswordInput,
    @Req() request: FastifyRequest,
  ): Promise<RouteAnswer<'POST /api/auth/forgot-password-choice'>> {
    return this.auth.forgotPassword(body, context(request));
  }

  @Public()
  @Post('reset-password-choice')
  @HttpCode(200)
  resetPassword(
    @Body(new ZodPipe(ResetPasswordSchema)) body: ResetPasswordInput,
    @Req() request: FastifyRequest,
  ): Promise<RouteAnswer<'POST /api/auth/reset-password-choice'>> {
    return this.auth.resetPassword(body, context(request));
  }
}
