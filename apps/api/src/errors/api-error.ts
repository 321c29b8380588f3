import type { ApiErrorBody, ApiErrorCode, ApiErrorDetail } from '@camposense/domain';

/** The default (Spanish) message of each code of api.md's error table. */
export const ERROR_MESSAGES: Record<ApiErrorCode, string> = {
  BAD_REQUEST: 'La solicitud no es válida',
  VALIDATION: 'Los datos enviados no son válidos',
  UNAUTHORIZED: 'No autorizado: inicie sesión de nuevo',
  FORBIDDEN: 'No tiene permiso para realizar esta acción',
  NOT_FOUND: 'Recurso no encontrado',
  DUPLICATE: 'Ya existe un registro con esos datos',
  FOREIGN_KEY: 'El registro referencia otro que no existe o está referenciado por otros registros',
  CONSTRAINT: 'Los datos no cumplen una restricción de la base de datos',
  PRECONDITION_FAILED: 'La fila cambió desde que la leyó',
  PAYLOAD_TOO_LARGE: 'El cuerpo de la solicitud es demasiado grande',
  RATE_LIMITED: 'Demasiados intentos; inténtelo más tarde',
  INTERNAL: 'Error interno del servidor',
  DATABASE_UNAVAILABLE: 'La base de datos no está disponible; inténtelo de nuevo en unos segundos',
};

/** An error the handler answers as is: its status, code, message and details reach the client. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ApiErrorCode;
  readonly details: ApiErrorDetail[] | undefined;

  constructor(statusCode: number, code: ApiErrorCode, message = ERROR_MESSAGES[code], details?: ApiErrorDetail[]) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
  }

  toBody(): ApiErrorBody {
    return errorBody(this.code, this.message, this.details);
  }
}

export function errorBody(code: ApiErrorCode, message = ERROR_MESSAGES[code], details?: ApiErrorDetail[]): ApiErrorBody {
  return { error: details && details.length > 0 ? { code, message, details } : { code, message } };
}

export const unauthorized = (message?: string) => new ApiError(401, 'UNAUTHORIZED', message);
export const notFound = (message?: string) => new ApiError(404, 'NOT_FOUND', message);
