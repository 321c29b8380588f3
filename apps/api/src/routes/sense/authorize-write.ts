import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../../errors/api-error';

/**
 * The preHandler of every write route (POST, PUT, DELETE on `/{table}`): the one place that says
 * who may write. For now any signed-in user; the roles issue makes it answer 403 to role `user`.
 */
export async function authorizeWrite(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw unauthorized();
}
