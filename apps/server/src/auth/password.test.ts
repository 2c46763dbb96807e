/** The password policy (packages/contracts/src/roles.ts), hashing and temporary passwords. */
import { describe, expect, it } from 'vitest';
import { parseOptions } from '@node-rs/argon2';
import { hashPassword, policyBreach, temporaryPassword, TEMPORARY_LENGTH, verifyPassword } from './password';

describe('the password policy', () => {
  it.each([
    ['nine char', 'too_short'],
    ['ten chars!', null],
    ['x'.repeat(128), null],
    ['x'.repeat(129), 'too_long'],
    ['🌲'.repeat(9), 'too_short'],
    ['🌲'.repeat(10), null],
    ['password123', 'common'],
    ['PASSWORD123', 'common'],
    ['qwertyuiop', 'common'],
    ['1q2w3e4r5t', 'common'],
    ['zhang.wei-2026!', 'contains_account'],
    ['ZHANG.WEI-2026!', 'contains_account'],
    ['宁静致远，厚德载物', 'too_short'],
    ['宁静致远，厚德载物。', null],
  ])('%j breaks %s', (password, rule) => {
    expect(policyBreach(password, 'zhang.wei')?.rule ?? null).toBe(rule);
  });

  it('refuses the current password as the new one', () => {
    expect(policyBreach('the same passphrase', 'zhang.wei', 'the same passphrase')?.rule).toBe('unchanged');
    expect(policyBreach('another passphrase', 'zhang.wei', 'the same passphrase')).toBeNull();
  });

  it('says which rule in Chinese and English', () => {
    expect(policyBreach('short', 'a.b.c')).toMatchObject({ zh: '至少 10 个字符', en: 'at least 10 characters' });
  });
});

describe('hashing', () => {
  it('hashes with argon2id at m = 19 MiB, t = 2, p = 1, salted', async () => {
    const [a, b] = [await hashPassword('correct horse battery'), await hashPassword('correct horse battery')];
    expect(a).not.toBe(b);
    expect(parseOptions(a)).toMatchObject({ algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32, saltLen: 16 });
    expect(await verifyPassword(a, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(a, 'correct horse batterY')).toBe(false);
  });

  it('answers false, not an error, for a malformed hash', async () => {
    expect(await verifyPassword('not a hash', 'whatever')).toBe(false);
  });
});

describe('temporary passwords', () => {
  it('are 16 unambiguous letters and digits, meet the policy, and differ each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const password = temporaryPassword('abc');
      expect(password).toMatch(new RegExp(`^[A-HJ-NP-Za-km-np-z2-9]{${TEMPORARY_LENGTH}}$`));
      expect(policyBreach(password, 'abc')).toBeNull();
      seen.add(password);
    }
    expect(seen.size).toBe(200);
  });
});
