/**
 * A browser as the API sees it, over `app.inject`: it keeps the cookies the server sets (and drops
 * the ones it clears), sends them back, and sends the CSRF token from `GET /api/session` on
 * state-changing requests, with the same-origin `Origin` header a browser adds to them.
 * Users are created straight in the database (`createUser`), with a known password.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Role, UserStatus } from '@eco/contracts/roles';
import type { CurrentUser, Session } from '@eco/contracts/site';
import { hashPassword } from '../auth/password';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { Body, JsonResponse } from './test-app';

/** What `app.inject` sends as the origin of its requests (`Host: localhost:80`). */
export const OWN_ORIGIN = 'http://localhost:80';

export interface Sent<T = unknown> extends JsonResponse<Body<T>> {
  /** the cookies the response set, by name (a cleared cookie has `cleared: true`) */
  setCookies: Map<string, SetCookie>;
  raw: string;
}

export interface SetCookie {
  value: string;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  expires?: Date;
  maxAge?: number;
  cleared: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestExtras {
  headers?: Record<string, string>;
  /** the client address (default 127.0.0.1) */
  remoteAddress?: string;
  /** send no CSRF token even on a state-changing request */
  noCsrf?: boolean;
}

export class Browser {
  /** cookie name → value */
  readonly cookies = new Map<string, string>();
  csrfToken: string | null = null;

  constructor(
    private readonly app: FastifyInstance,
    /** the client address of every request unless one says otherwise */
    readonly remoteAddress = '127.0.0.1',
  ) {}

  async request<T = unknown>(method: Method, url: string, body?: unknown, extras: RequestExtras = {}): Promise<Sent<T>> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (method !== 'GET') {
      headers.origin = OWN_ORIGIN;
      if (this.csrfToken && !extras.noCsrf) headers['x-csrf-token'] = this.csrfToken;
    }
    Object.assign(headers, extras.headers);
    const options: InjectOptions = { method, url, headers, remoteAddress: extras.remoteAddress ?? this.remoteAddress };
    if (body !== undefined) options.payload = body as InjectOptions['payload'];
    const response = await this.app.inject(options);
    const setCookies = new Map<string, SetCookie>();
    for (const c of response.cookies as unknown as (Omit<SetCookie, 'cleared'> & { name: string })[]) {
      const cleared = (c.expires !== undefined && c.expires.getTime() <= Date.now()) || c.maxAge === 0;
      setCookies.set(c.name, { ...c, cleared });
      if (cleared) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    let parsed: Body<T>;
    try {
      parsed = response.json() as Body<T>;
    } catch {
      parsed = undefined as unknown as Body<T>;
    }
    return { status: response.statusCode, headers: response.headers, body: parsed, setCookies, raw: response.body };
  }

  get<T = unknown>(url: string, extras?: RequestExtras) {
    return this.request<T>('GET', url, undefined, extras);
  }
  post<T = unknown>(url: string, body?: unknown, extras?: RequestExtras) {
    return this.request<T>('POST', url, body, extras);
  }
  put<T = unknown>(url: string, body?: unknown, extras?: RequestExtras) {
    return this.request<T>('PUT', url, body, extras);
  }
  patch<T = unknown>(url: string, body?: unknown, extras?: RequestExtras) {
    return this.request<T>('PATCH', url, body, extras);
  }
  delete<T = unknown>(url: string, extras?: RequestExtras) {
    return this.request<T>('DELETE', url, undefined, extras);
  }

  /** `GET /api/session`: takes its CSRF token, answers the signed-in user. */
  async session(): Promise<CurrentUser | null> {
    const response = await this.get<Session>('/api/session');
    if (!response.body.success) throw new Error(`GET /api/session failed: ${response.status} ${response.raw}`);
    this.csrfToken = response.body.data.csrfToken;
    return response.body.data.user;
  }

  /** Signs in (fetching a CSRF token first if it has none); the answer as sent. */
  async signIn(account: string, password: string, extras?: RequestExtras): Promise<Sent<{ user: CurrentUser }>> {
    if (!this.csrfToken) await this.session();
    return this.post<{ user: CurrentUser }>('/api/session', { account, password }, extras);
  }
}

export interface TestUser {
  id: number;
  account: string;
  password: string;
  role: Role;
}

let serial = 0;

/** A user written straight into the database, with a known password. */
export async function createUser(
  db: Db,
  options: {
    role: Role;
    account?: string;
    password?: string;
    organisationId?: number | null;
    status?: UserStatus;
    mustChangePassword?: boolean;
    displayName?: string;
  },
): Promise<TestUser> {
  const account = options.account ?? `${options.role}-${process.pid}-${++serial}`;
  const password = options.password ?? `Pw#${serial}.${process.pid}-long-enough`;
  const [row] = await db
    .insert(users)
    .values({
      account,
      displayName: options.displayName ?? `测试${options.role}${serial}`,
      passwordHash: await hashPassword(password),
      role: options.role,
      organisationId: options.organisationId ?? null,
      status: options.status ?? 'active',
      mustChangePassword: options.mustChangePassword ?? false,
    })
    .returning({ id: users.id });
  return { id: row!.id, account, password, role: options.role };
}

/** A browser signed in as a new user of `role` (fails the test if the sign-in does not succeed). */
export async function signedInAs(
  app: FastifyInstance,
  db: Db,
  role: Role,
  options: Parameters<typeof createUser>[1] = { role },
): Promise<{ browser: Browser; user: TestUser }> {
  const user = await createUser(db, { ...options, role });
  const browser = new Browser(app);
  const response = await browser.signIn(user.account, user.password);
  if (response.status !== 200) throw new Error(`sign-in as ${role} failed: ${response.status} ${response.raw}`);
  await browser.session();
  return { browser, user };
}
