import { describe, expect, it } from 'vitest';
import { DEFAULT_SECTION, resolveSection, sectionsFor } from './sections';

describe('which sections a role sees', () => {
  it('gives administrators every section, account first', () => {
    expect(sectionsFor('admin')).toEqual([
      'account',
      'notices',
      'regulations',
      'applications',
      'tools',
      'oidcClients',
      'things',
      'alerts',
      'verification',
      'cameraTrap',
      'users',
      'organisations',
      'roles',
      'site',
      'audit',
    ]);
  });

  it('gives editors their account and the content sections, staff their account and field verification', () => {
    expect(sectionsFor('editor')).toEqual(['account', 'notices', 'regulations', 'applications', 'tools', 'things', 'alerts', 'verification', 'cameraTrap']);
    expect(sectionsFor('staff')).toEqual(['account', 'verification']);
  });
});

describe('the ?section= query', () => {
  it('opens the requested section when the role may use it', () => {
    expect(resolveSection('users', 'admin')).toBe('users');
    expect(resolveSection('audit', 'admin')).toBe('audit');
    expect(resolveSection('account', 'staff')).toBe('account');
  });

  it('falls back to the account for a section the role may not use', () => {
    expect(resolveSection('users', 'editor')).toBe(DEFAULT_SECTION);
    expect(resolveSection('site', 'staff')).toBe('account');
  });

  it('falls back to the account when the query is missing, unknown or hostile', () => {
    expect(resolveSection(null, 'admin')).toBe('account');
    expect(resolveSection('', 'admin')).toBe('account');
    expect(resolveSection('USERS', 'admin')).toBe('account');
    expect(resolveSection('toString', 'admin')).toBe('account');
    expect(resolveSection('__proto__', 'admin')).toBe('account');
  });
});
