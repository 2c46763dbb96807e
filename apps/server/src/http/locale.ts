import type { FastifyRequest } from 'fastify';

export type Locale = 'zh-CN' | 'en-US';

/**
 * The language of messages for this request: en-US when the first language the client asks for
 * (Accept-Language) is English, zh-CN otherwise (the portal's users read Chinese first).
 */
export function requestLocale(request: FastifyRequest): Locale {
  const first = request.headers['accept-language']?.split(',')[0]?.trim() ?? '';
  return /^en\b/i.test(first) ? 'en-US' : 'zh-CN';
}
