/**
 * Passwords: the policy (packages/contracts/src/roles.ts), argon2id hashing, and temporary
 * passwords for new users and resets.
 *
 * Hashing: argon2id with m = 19 MiB, t = 2, p = 1 — OWASP Password Storage Cheat Sheet's first
 * argon2id configuration (and @node-rs/argon2's defaults), about 15 ms here; tests use the same.
 */
import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX, PASSWORD_MIN } from '@eco/contracts/roles';
import { AppError } from '../http/app-error';

const ARGON2 = {
  // Algorithm.Argon2id: the package declares the enum `const`, which isolated modules cannot read
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** zxcvbn-ts's list of 49k commonly used passwords, lower-case. */
const COMMON = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

export interface PolicyBreach {
  rule: 'too_short' | 'too_long' | 'common' | 'contains_account' | 'unchanged';
  zh: string;
  en: string;
}

/** Characters as people count them (code points), not UTF-16 units. */
export function characterCount(text: string): number {
  return [...text].length;
}

/**
 * The first rule of the policy `password` breaks, or null. NIST SP 800-63B §5.1.1.2: length and a
 * blocklist, no composition rules. `current`: the password it replaces, which it must differ from.
 */
export function policyBreach(password: string, account: string, current?: string): PolicyBreach | null {
  const length = characterCount(password);
  if (length < PASSWORD_MIN) return { rule: 'too_short', zh: `至少 ${PASSWORD_MIN} 个字符`, en: `at least ${PASSWORD_MIN} characters` };
  if (length > PASSWORD_MAX) return { rule: 'too_long', zh: `最多 ${PASSWORD_MAX} 个字符`, en: `at most ${PASSWORD_MAX} characters` };
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return { rule: 'common', zh: '这是常用密码，容易被猜中', en: 'it is a commonly used password' };
  if (account !== '' && lower.includes(account.toLowerCase())) {
    return { rule: 'contains_account', zh: '不能包含账号', en: 'it must not contain the account name' };
  }
  if (current !== undefined && password === current) return { rule: 'unchanged', zh: '不能与当前密码相同', en: 'it must differ from the current password' };
  return null;
}

/** Throws 400 PASSWORD_POLICY naming the broken rule. */
export function assertPolicy(password: string, account: string, current?: string): void {
  const breach = policyBreach(password, account, current);
  if (breach) throw new AppError('PASSWORD_POLICY', { zh: breach.zh, en: breach.en });
}

/** The argon2id hash (PHC string: `$argon2id$v=19$m=19456,t=2,p=1$…`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/** Whether `password` matches `passwordHash`; false (never a throw) for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Spends the time a real verification would, for an account that does not exist, so the answer
 * time does not tell whether an account exists.
 */
export async function verifyNothing(password: string): Promise<void> {
  dummy ??= hashPassword(crypto.randomBytes(24).toString('base64'));
  await verifyPassword(await dummy, password);
}

/** Letters and digits that cannot be mistaken for one another when read aloud or copied by hand. */
const TEMPORARY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
export const TEMPORARY_LENGTH = 16;

/** A random temporary password (16 characters, ~92 bits) that meets the policy for `account`. */
export function temporaryPassword(account: string): string {
  for (;;) {
    let password = '';
    for (let i = 0; i < TEMPORARY_LENGTH; i++) password += TEMPORARY_ALPHABET[crypto.randomInt(TEMPORARY_ALPHABET.length)];
    if (!policyBreach(password, account)) return password;
  }
}
