/** What `GET /api/roles` says of each role (who may call it: auth/access.test.ts, which also checks the answer). */
import { describe, expect, it } from 'vitest';
import { ROLES } from '@eco/contracts/roles';
import { ROLE_INFO } from './routes';

describe('the roles and what each may do', () => {
  it('describes every role, in Chinese and English', () => {
    expect(ROLE_INFO.map((r) => r.role)).toEqual([...ROLES]);
    for (const role of ROLE_INFO) {
      expect(role.nameZh).toMatch(/^[\u4e00-\u9fff]+$/);
      expect(role.descriptionZh).toMatch(/[\u4e00-\u9fff]/);
      expect(role.nameEn).toMatch(/^[A-Z][a-z]+$/);
      expect(role.descriptionEn.length).toBeGreaterThan(20);
    }
  });

  it('says what the server enforces: administrators alone have users, settings and the audit log', () => {
    const of = (role: string) => ROLE_INFO.find((r) => r.role === role)!.descriptionEn;
    expect(of('admin')).toMatch(/users.*site settings.*audit log/);
    expect(of('editor')).not.toMatch(/users|audit/);
    expect(of('staff')).toMatch(/organisation/);
  });
});
