import { describe, expect, it } from 'vitest';
import { checkPassword, containsAccount, passwordLength } from './password-rules';

describe('the password checks the form makes before sending', () => {
  it('accepts 10 to 128 characters', () => {
    expect(checkPassword('a'.repeat(9), 'zhang').length).toBe(false);
    expect(checkPassword('a'.repeat(10), 'zhang').length).toBe(true);
    expect(checkPassword('a'.repeat(128), 'zhang').length).toBe(true);
    expect(checkPassword('a'.repeat(129), 'zhang').length).toBe(false);
  });

  it('counts characters as people do: an emoji or a Chinese character is one', () => {
    expect(passwordLength('秦岭大熊猫🐼')).toBe(6);
    expect(checkPassword('🌲'.repeat(10), 'zhang').length).toBe(true);
  });

  it('refuses a password containing the account, ignoring case', () => {
    expect(containsAccount('My-Zhang.San-2026', 'zhang.san')).toBe(true);
    expect(checkPassword('ZHANGSAN-forest', 'zhangsan').notAccount).toBe(false);
    expect(checkPassword('green-mountains-2026', 'zhangsan').notAccount).toBe(true);
  });

  it('does not count an empty password as passing, nor an empty account as contained', () => {
    expect(checkPassword('', 'zhangsan').notAccount).toBe(false);
    expect(containsAccount('anything', '  ')).toBe(false);
  });
});
