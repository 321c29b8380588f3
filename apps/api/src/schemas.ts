import { ApiErrorSchema, SessionSchema, SessionUserSchema } from '@camposense/domain';

/** The schemas answers reference by `$id` (libs/domain's contracts): the error body, and the signed-in user and session. */
export const sharedSchemas = [ApiErrorSchema, SessionUserSchema, SessionSchema];

/** The OpenAPI security requirement of every route that takes the session's bearer token. */
export const security = [{ bearerAuth: [] }];
