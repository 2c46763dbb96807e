import { describe, expect, it } from 'vitest';
import { auditApiParams, auditCsvUrl, auditFiltersFrom } from './audit-query';
import { fieldChanges, valueText } from './changes';

const params = (query: string) => new URLSearchParams(query);

describe('the audit filters in the address', () => {
  it('reads action, actor, entity type, days and page', () => {
    expect(auditFiltersFrom(params('section=audit&action=user.create&actor=+admin+&entity=user&from=2026-01-01&to=2026-01-31&page=3'))).toEqual({
      action: 'user.create',
      actor: 'admin',
      entityType: 'user',
      from: '2026-01-01',
      to: '2026-01-31',
      page: 3,
    });
  });

  it('ignores malformed dates and pages, and swaps a reversed range', () => {
    expect(auditFiltersFrom(params('from=2026-02-30&to=yesterday&page=0'))).toEqual({ page: 1 });
    expect(auditFiltersFrom(params('page=-2&from=2026-1-1'))).toMatchObject({ page: 1, from: undefined });
    expect(auditFiltersFrom(params('from=2026-03-10&to=2026-03-01'))).toMatchObject({ from: '2026-03-01', to: '2026-03-10' });
  });

  it('treats blank values as no filter', () => {
    expect(auditFiltersFrom(params('action=&actor=%20%20&entity='))).toEqual({ page: 1 });
  });
});

describe("the API's query", () => {
  it('sends the first day from its start and the last day to its end, with the offset', () => {
    const query = auditApiParams({ from: '2026-01-01', to: '2026-01-31', page: 2 }, 20);
    expect(query.from).toMatch(/^2026-01-01T00:00:00\.000[+-]\d{2}:\d{2}$/);
    expect(query.to).toMatch(/^2026-01-31T23:59:59\.999[+-]\d{2}:\d{2}$/);
    expect(query).toMatchObject({ page: 2, pageSize: 20 });
  });

  it('exports the CSV with the same filters and no paging', () => {
    const url = auditCsvUrl({ action: 'site.update', actor: '张 三', from: '2026-01-01', page: 4 });
    expect(url.startsWith('api/audit-log.csv?')).toBe(true);
    const query = new URL(url, 'http://x/').searchParams;
    expect(query.get('action')).toBe('site.update');
    expect(query.get('actorAccount')).toBe('张 三');
    expect(query.get('from')).toMatch(/^2026-01-01T00:00:00/);
    expect(query.has('to')).toBe(false);
    expect(query.has('page')).toBe(false);
    expect(query.has('pageSize')).toBe(false);
  });

  it('exports everything without filters', () => {
    expect(auditCsvUrl({ page: 1 })).toBe('api/audit-log.csv');
  });
});

describe('before and after of an entry', () => {
  it('lists every field once, marking what changed', () => {
    const rows = fieldChanges({ title: '旧标题', footer: '页脚' }, { title: '新标题', footer: '页脚', recordNumber: '陕ICP备1号' });
    expect(rows.map((r) => [r.field, r.changed])).toEqual([
      ['title', true],
      ['footer', false],
      ['recordNumber', true],
    ]);
    expect(rows[2]).toMatchObject({ missingBefore: true, missingAfter: false });
  });

  it('handles a creation (no before) and a deletion (no after)', () => {
    expect(fieldChanges(null, { account: 'li' })).toEqual([
      { field: 'account', before: undefined, after: 'li', changed: true, missingBefore: true, missingAfter: false },
    ]);
    expect(fieldChanges({ account: 'li' }, null)[0]).toMatchObject({ changed: true, missingAfter: true });
    expect(fieldChanges(null, null)).toEqual([]);
  });

  it('compares nested values by content', () => {
    expect(fieldChanges({ org: { id: 1 } }, { org: { id: 1 } })[0]!.changed).toBe(false);
    expect(fieldChanges({ org: { id: 1 } }, { org: { id: 2 } })[0]!.changed).toBe(true);
  });

  it('shows values as plain text, never markup', () => {
    expect(valueText('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
    expect(valueText(null)).toBe('');
    expect(valueText(false)).toBe('false');
    expect(valueText({ id: 1, name: '西安' })).toBe('{"id":1,"name":"西安"}');
  });
});
