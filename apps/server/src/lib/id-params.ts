import { z } from 'zod';

/**
 * The longest id a route takes. Every id the server makes fits: `randomUUID()` (36 characters), Better Auth's ids
 * (32) and account ids (22, base64url of 16 bytes). Fastify refuses a path parameter over 100 characters before
 * routing (414).
 */
export const MAX_ID_LENGTH = 64;

/** One id in a path, whatever the parameter's name (`:postId`, `:memberId`, `:targetId`). */
export const idSchema = z.string().min(1).max(MAX_ID_LENGTH);

/** The `:id` of a route (`/api/posts/:id`, `/api/webhooks/:id`…): the one params schema, every route imports it. */
export const idParams = z.object({ id: idSchema });
