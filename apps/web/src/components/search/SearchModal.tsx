import { useState } from 'react';
import { Link } from 'react-router-dom';
import Alert from 'antd/es/alert';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { SEARCH_LIMITS, searchWords, type SearchHit, type SearchKind } from '@eco/contracts/search';
import { useTranslation } from 'react-i18next';
import { useSiteSearch } from '../../api/search';
import '../../i18n/site';
import { Highlight } from './Highlight';
import './search.css';

/**
 * Where a hit opens, on the screens of the route table (no route of its own): a notice and a
 * regulation in their drawers (`?id=`), an application system filtered by its name in the
 * catalogue, a tool on the tools page.
 */
export function hitLink(hit: SearchHit): string {
  switch (hit.kind) {
    case 'notice':
      return `/notification-announcement?id=${hit.id}`;
    case 'regulation':
      return `/technical-regulations?id=${hit.id}`;
    case 'application':
      return `/application-platform?${new URLSearchParams({ keyword: hit.title }).toString()}`;
    case 'tool':
      return '/application-tools';
  }
}

/** Why the box refuses `text` before asking the server (the limits of @eco/contracts/search.ts), or null. */
function refusal(text: string, t: (key: string, options?: Record<string, unknown>) => string): string | null {
  if (text.length > SEARCH_LIMITS.queryLength) return t('site.search.tooLong', { max: SEARCH_LIMITS.queryLength });
  if (searchWords(text).length > SEARCH_LIMITS.words) return t('site.search.tooManyWords', { max: SEARCH_LIMITS.words });
  return null;
}

/**
 * 站内搜索: a dialog with a search box (opened from the header), and the notices, regulations,
 * application systems and tools holding every word typed, grouped by kind with their counts, the
 * words marked in titles and snippets. Following a result closes the dialog (`onClose`).
 */
export default function SearchModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const results = useSiteSearch(q);
  const data = q === null ? undefined : results.data;
  const total = data?.groups.reduce((sum, group) => sum + group.total, 0) ?? 0;

  const submit = (value: string) => {
    const text = value.trim();
    const refused = refusal(text, t);
    setProblem(refused);
    setQ(text === '' || refused ? null : text);
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('site.search.title')}
      width={720}
      className="site-search-modal"
      destroyOnHidden={false}
      afterOpenChange={(visible) => {
        if (visible) document.querySelector<HTMLInputElement>('.site-search-modal input')?.focus();
      }}
    >
      <Input.Search
        className="site-search-input"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onSearch={submit}
        placeholder={t('site.search.placeholder')}
        aria-label={t('site.search.openLabel')}
        enterButton={t('site.search.submit')}
        allowClear
        size="large"
        maxLength={SEARCH_LIMITS.queryLength}
        loading={results.isFetching}
      />
      {problem ? (
        <Alert className="site-search-note" type="warning" showIcon title={problem} />
      ) : q === null ? (
        <p className="site-search-hint">{t('site.search.hint')}</p>
      ) : !data ? (
        <div className="site-search-loading">
          <Spin />
        </div>
      ) : total === 0 ? (
        <Empty className="site-search-note" description={t('site.search.empty', { words: data.words.join(' ') })} />
      ) : (
        <div className="site-search-results" aria-live="polite">
          <p className="site-search-summary">{t('site.search.summary', { count: total })}</p>
          {data.groups
            .filter((group) => group.total > 0)
            .map((group) => (
              <section key={group.kind} className="site-search-group" aria-labelledby={`site-search-${group.kind}`}>
                <h3 id={`site-search-${group.kind}`} className="site-search-group-title">
                  {t('site.search.groupLabel', { kind: t(`site.search.kinds.${group.kind satisfies SearchKind}`), count: group.total })}
                </h3>
                <ul className="site-search-list">
                  {group.items.map((hit) => (
                    <li key={hit.id}>
                      <Link to={hitLink(hit)} onClick={onClose} className="site-search-hit">
                        <span className="site-search-hit-title">
                          {hit.code && (
                            <span className="site-search-code">
                              <Highlight text={hit.code} words={data.words} />
                            </span>
                          )}
                          <Highlight text={hit.title} words={data.words} />
                        </span>
                        {hit.snippet && (
                          <span className="site-search-snippet">
                            <Highlight text={hit.snippet} words={data.words} />
                          </span>
                        )}
                        {hit.date && <span className="site-search-date">{hit.date}</span>}
                      </Link>
                    </li>
                  ))}
                </ul>
                {group.total > group.items.length && <p className="site-search-more">{t('site.search.more', { count: group.total - group.items.length })}</p>}
              </section>
            ))}
        </div>
      )}
    </Modal>
  );
}
