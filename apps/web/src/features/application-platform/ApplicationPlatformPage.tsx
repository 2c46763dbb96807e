import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import HistoryOutlined from '@ant-design/icons/es/icons/HistoryOutlined';
import StarFilled from '@ant-design/icons/es/icons/StarFilled';
import type { ApplicationTile } from '@eco/contracts/applications';
import { useTranslation } from 'react-i18next';
import { useCatalogue, useFavourite } from '../../api/applications';
import { ApplicationCard } from '../../components/applications/ApplicationCard';
import { useLauncher } from '../../components/applications/use-launcher';
import '../../i18n/applications';
import { useInitialState } from '../../state/initial-state';
import './application-platform.css';

/** Tiles grouped by category, in the order the categories come. */
function byCategory(items: ApplicationTile[], categories: string[]): [string, ApplicationTile[]][] {
  return categories
    .map((category): [string, ApplicationTile[]] => [category, items.filter((i) => i.category === category)])
    .filter(([, list]) => list.length > 0);
}

/**
 * /application-platform (应用平台): the catalogue of the province's application systems. Search
 * (name, code, description, category) and category in the address (`?keyword=&category=`); the
 * signed-in user's favourites first and recently launched systems; then every system grouped by
 * category. Each tile shows its status and whether this visitor may open it; launching one they
 * may not explains why (components/applications/use-launcher.tsx).
 */
export default function ApplicationPlatformPage() {
  const { t } = useTranslation();
  const { currentUser } = useInitialState();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const category = params.get('category') ?? '';
  const [draft, setDraft] = useState(keyword);
  useEffect(() => setDraft(keyword), [keyword]);
  const catalogue = useCatalogue({ keyword: keyword || undefined, category: category || undefined }, currentUser?.id ?? null);
  const favourite = useFavourite();
  const { launch, holder } = useLauncher();

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  const onFavourite = currentUser ? (tile: ApplicationTile) => favourite.mutate({ id: tile.id, on: !tile.favourite }) : undefined;
  const data = catalogue.data;
  const filtering = keyword !== '' || category !== '';
  const favourites = data?.items.filter((i) => i.favourite) ?? [];
  const rest = data?.items.filter((i) => !i.favourite) ?? [];
  const grid = (items: ApplicationTile[]) => (
    <div className="app-grid">
      {items.map((tile) => (
        <ApplicationCard key={tile.id} tile={tile} onLaunch={launch} onFavourite={onFavourite} />
      ))}
    </div>
  );

  return (
    <div className="page app-platform">
      {holder}
      <header className="app-platform-head">
        <div>
          <h2 className="page-title">{t('apps.title')}</h2>
          <p className="page-subtitle app-platform-intro">{t('apps.intro')}</p>
        </div>
        <Input.Search
          className="app-platform-search"
          allowClear
          size="large"
          value={draft}
          maxLength={100}
          placeholder={t('apps.searchPlaceholder')}
          aria-label={t('apps.searchPlaceholder')}
          onChange={(event) => {
            setDraft(event.target.value);
            if (event.target.value === '' && keyword !== '') update({ keyword: '' });
          }}
          onSearch={(value) => update({ keyword: value.trim() })}
        />
      </header>

      {data && data.categories.length > 1 && (
        <div className="app-platform-categories">
          <Segmented
            value={category}
            onChange={(value) => update({ category: String(value) })}
            options={[{ label: t('apps.allCategories'), value: '' }, ...data.categories.map((c) => ({ label: c, value: c }))]}
          />
        </div>
      )}

      {catalogue.isError && !data ? (
        <Result status="warning" title={t('apps.loadFailed')} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          {!filtering && data.recent.length > 0 && (
            <section className="app-section" aria-labelledby="apps-recent">
              <h2 id="apps-recent" className="app-section-title">
                <HistoryOutlined aria-hidden /> {t('apps.recent')}
              </h2>
              <div className="app-grid app-grid-compact">
                {data.recent.map((tile) => (
                  <ApplicationCard key={tile.id} tile={tile} onLaunch={launch} compact />
                ))}
              </div>
            </section>
          )}
          {favourites.length > 0 && (
            <section className="app-section" aria-labelledby="apps-favourites">
              <h2 id="apps-favourites" className="app-section-title">
                <StarFilled className="app-star" aria-hidden /> {t('apps.favourites')}
              </h2>
              {grid(favourites)}
            </section>
          )}
          {data.items.length === 0 ? (
            <Empty description={filtering ? t('apps.noMatch') : t('apps.empty')} />
          ) : (
            byCategory(rest, data.categories).map(([name, items]) => (
              <section key={name} className="app-section" aria-label={name}>
                <h2 className="app-section-title">
                  {name} <span className="app-section-count">{items.length}</span>
                </h2>
                {grid(items)}
              </section>
            ))
          )}
          {!currentUser && data.items.length > 0 && <p className="app-platform-hint">{t('apps.favouriteSignIn')}</p>}
        </>
      )}
    </div>
  );
}
