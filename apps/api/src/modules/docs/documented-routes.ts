import { RequestMethod, type PipeTransform, type Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import type { Reflector } from '@nestjs/core';
import type { Role } from '@coursa/domain';
import type { z } from 'zod';
import { API_KEY_SCOPE, IS_PUBLIC, ROLES } from '../../common/auth/auth.decorators.js';
import { registeredPath } from '../../common/http/api-prefix.js';
import { ZodPipe } from '../../common/validation/zod.js';

/** Who may call a route, as the auth guard reads it: anyone, anyone signed in, or only some roles. */
export type RouteAccess = { kind: 'public' } | { kind: 'signed-in' } | { kind: 'roles'; roles: Role[] };

/** A route as its controller declares it: what the OpenAPI document says of it comes from here. */
export interface DocumentedRoute {
  /** `METHOD /path`, as Fastify registers it and as the contracts' route map names it. */
  key: string;
  method: string;
  path: string;
  /** `Controller.method`, unique. */
  operationId: string;
  /** The controller's name without "Controller". */
  tag: string;
  access: RouteAccess;
  /** The permission a merchant's API key needs on the route (`@ApiKeyScope`, issue 40); none: keys are refused. */
  apiKeyScope?: string;
  /** The status of its success answer: @HttpCode's, or Nest's default (201 for POST, 200 otherwise). */
  status: number;
  /** The pipes the route validates its body, query string and path parameters with. */
  body?: ZodPipe<z.ZodType>;
  query?: ZodPipe<z.ZodType>;
  params: { name: string; pipe?: PipeTransform }[];
}

interface RouteArgument {
  index: number;
  data?: unknown;
  pipes?: (PipeTransform | Type<PipeTransform>)[];
}

const paths = (value: unknown): string[] => (Array.isArray(value) ? value : [value ?? '']).map(String);
const join = (...parts: string[]) => parts.map((part) => part.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/');

/** Every route of these controllers, read from the decorators Nest and the auth guard read. */
export function documentedRoutes(controllers: Type<unknown>[], reflector: Reflector): DocumentedRoute[] {
  const routes: DocumentedRoute[] = [];
  for (const controller of controllers) {
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (name === 'constructor' || typeof handler !== 'function') continue;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (method === undefined) continue;
      const access = accessOf(reflector, handler as () => unknown, controller);
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, RouteArgument>;
      const pipeOf = (type: RouteParamtypes, data?: string) =>
        Object.entries(args)
          .filter(([key, argument]) => key.split(':')[0] === String(type) && (data === undefined || argument.data === data))
          .flatMap(([, argument]) => argument.pipes ?? [])
          .find((pipe) => typeof pipe === 'object');
      for (const base of paths(Reflect.getMetadata(PATH_METADATA, controller))) {
        for (const own of paths(Reflect.getMetadata(PATH_METADATA, handler))) {
          const path = registeredPath(join(base, own), method);
          const verb = RequestMethod[method];
          const body = pipeOf(RouteParamtypes.BODY);
          const query = pipeOf(RouteParamtypes.QUERY);
          routes.push({
            key: `${verb} ${path}`,
            method: verb,
            path,
            operationId: `${controller.name}.${name}`,
            tag: controller.name.replace(/Controller$/, ''),
            access,
            apiKeyScope: reflector.getAllAndOverride<string | undefined>(API_KEY_SCOPE, [handler as () => unknown, controller]),
            status: (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? (method === RequestMethod.POST ? 201 : 200),
            body: body instanceof ZodPipe ? body : undefined,
            query: query instanceof ZodPipe ? query : undefined,
            params: [...path.matchAll(/:(\w+)/g)].map(([, param]) => ({ name: param!, pipe: pipeOf(RouteParamtypes.PARAM, param) as PipeTransform | undefined })),
          });
        }
      }
    }
  }
  return routes;
}

function accessOf(reflector: Reflector, handler: () => unknown, controller: Type<unknown>): RouteAccess {
  const targets = [handler, controller];
  if (reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return { kind: 'public' };
  const roles = reflector.getAllAndOverride<Role[] | undefined>(ROLES, targets);
  return roles?.length ? { kind: 'roles', roles } : { kind: 'signed-in' };
}
