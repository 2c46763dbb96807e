import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import { useCatalogue } from '../../api/applications';
import { ApplicationCard } from '../../components/applications/ApplicationCard';
import { useLauncher } from '../../components/applications/use-launcher';
import { useInitialState } from '../../state/initial-state';

/** How many entry tiles /home shows (the rest are one click away on /application-platform). */
const HOME_TILES = 6;

/**
 * The entry tiles of the application systems on /home: the visitor's favourites first, then the
 * catalogue order, each launching like on /application-platform (explaining why when it cannot).
 */
export function ApplicationEntries() {
  const { currentUser } = useInitialState();
  const catalogue = useCatalogue({}, currentUser?.id ?? null);
  const { launch, holder } = useLauncher();
  if (catalogue.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  const items = catalogue.data?.items.filter((tile) => tile.status !== 'offline').slice(0, HOME_TILES) ?? [];
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <div className="app-grid app-grid-compact home-app-entries">
      {holder}
      {items.map((tile) => (
        <ApplicationCard key={tile.id} tile={tile} onLaunch={launch} compact />
      ))}
    </div>
  );
}
