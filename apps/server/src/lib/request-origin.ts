import type { FastifyRequest } from "fastify";

/** The site's origin as the caller reached it ("https://vitrine.example"). */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
