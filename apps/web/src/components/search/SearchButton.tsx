import { lazy, Suspense, useState } from 'react';
import Button from 'antd/es/button';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import { useTranslation } from 'react-i18next';
import '../../i18n/site';

// The dialog and its results are their own chunk, fetched on the first click.
const SearchModal = lazy(() => import('./SearchModal'));

/**
 * The header's 搜索 button: opens the site-wide search dialog (SearchModal). `compact` (narrow
 * screens) shows the icon alone, still named for screen readers.
 */
export function SearchButton({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        type="text"
        className="site-search-button"
        icon={<SearchOutlined />}
        aria-label={t('site.search.openLabel')}
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {compact ? null : t('site.search.open')}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <SearchModal open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
