import type { ApiErrorDetail } from '@camposense/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorBody } from './api-error';
import { mapDatabaseError } from './database-errors';

interface AjvLikeError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

function fieldOf(instancePath: string, fallback: string): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || fallback;
}

/** Ajv's errors as api.md's details: one per field, naming the rule and its limit. */
export function validationDetails(errors: readonly AjvLikeError[], context = 'body'): ApiErrorDetail[] {
  return errors.map((error) => {
    const { keyword, params } = error;
    const base = fieldOf(error.instancePath, context);
    switch (keyword) {
      case 'required':
        return { field: fieldOf(`${error.instancePath}/${String(params['missingProperty'])}`, context), rule: 'required' };
      case 'additionalProperties':
        return { field: fieldOf(`${error.instancePath}/${String(params['additionalProperty'])}`, context), rule: 'unknown' };
      case 'maxLength':
      case 'minLength':
      case 'maximum':
      case 'minimum':
      case 'maxItems':
      case 'minItems':
        return { field: base, rule: keyword, limit: Number(params['limit']) };
      case 'type':
        return { field: base, rule: 'type', limit: String(params['type']) };
      case 'format':
        return { field: base, rule: 'format', limit: String(params['format']) };
      default:
        return { field: base, rule: keyword };
    }
  });
}

function toApiError(error: FastifyError): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error.validation) {
    return new ApiError(400, 'VALIDATION', undefined, validationDetails(error.validation, error.validationContext));
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError(400, 'BAD_REQUEST', 'El cuerpo de la solicitud no es JSON válido');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'BAD_REQUEST', 'El cuerpo de la solicitud está vacío');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'BAD_REQUEST', 'Tipo de contenido no admitido');
  }
  const mapped = mapDatabaseError(error);
  if (mapped) return mapped;
  const status = error.statusCode;
  if (status === 429) return new ApiError(429, 'RATE_LIMITED');
  // Other client errors raised by Fastify itself (bad content-length, …): their text is generic.
  if (status !== undefined && status >= 400 && status < 500 && error.code?.startsWith('FST_')) {
    return new ApiError(status, 'BAD_REQUEST');
  }
  return undefined;
}

/** Every failure answers `{ error: { code, message, details? } }`; a 500 never says why. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(error);
    if (apiError) {
      if (apiError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(apiError.statusCode).send(apiError.toBody());
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(errorBody('INTERNAL'));
  });
}

/**
 * Fastify's `frameworkErrors`: failures found while routing, before any hook runs (a malformed
 * %-escape, a path parameter over `maxParamLength`). Without it Fastify answers its own shape.
 * A parameter that long names no table or row, so it is a 404 like any unknown one.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ code: error.code }, 'request refused while routing');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(404).send(errorBody('NOT_FOUND', 'Ruta no encontrada'));
    return;
  }
  void reply.status(400).send(errorBody('BAD_REQUEST', 'La dirección de la solicitud no es válida'));
}
