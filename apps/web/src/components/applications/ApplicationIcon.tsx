import type { ReactNode } from 'react';
import AppstoreOutlined from '@ant-design/icons/es/icons/AppstoreOutlined';
import AreaChartOutlined from '@ant-design/icons/es/icons/AreaChartOutlined';
import DatabaseOutlined from '@ant-design/icons/es/icons/DatabaseOutlined';
import EnvironmentOutlined from '@ant-design/icons/es/icons/EnvironmentOutlined';
import FireOutlined from '@ant-design/icons/es/icons/FireOutlined';
import VideoCameraOutlined from '@ant-design/icons/es/icons/VideoCameraOutlined';

/** A conifer, drawn here: antd has no tree icon. 1em square, in the current colour. */
function TreeIcon() {
  return (
    <span role="img" className="anticon" aria-hidden>
      <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true">
        <path d="M12 2 5 11h3.5L4 17h7v5h2v-5h7l-4.5-6H19z" />
      </svg>
    </span>
  );
}

/** A leaf, drawn here (antd has none). */
function LeafIcon() {
  return (
    <span role="img" className="anticon" aria-hidden>
      <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true">
        <path d="M20 3C10 3 4 8 4 15c0 1.6.4 3 1 4.2L3 21l1.4 1.4 2-2C7.6 21.5 9.2 22 11 22c6 0 10-6 9-19zm-9 17c-1.2 0-2.3-.3-3.2-.8C11 15 14 12 17 10c-3.6 1-7 4-9.6 7.8-.3-.8-.4-1.7-.4-2.8 0-5.3 4.4-9.4 11.8-10-.3 8.6-3.4 15-7.8 15z" />
      </svg>
    </span>
  );
}

const ICONS: Record<string, () => ReactNode> = {
  app: () => <AppstoreOutlined aria-hidden />,
  tree: () => <TreeIcon />,
  fire: () => <FireOutlined aria-hidden />,
  database: () => <DatabaseOutlined aria-hidden />,
  map: () => <EnvironmentOutlined aria-hidden />,
  camera: () => <VideoCameraOutlined aria-hidden />,
  leaf: () => <LeafIcon />,
  chart: () => <AreaChartOutlined aria-hidden />,
};

/** The icon named by an application's `icon` (contracts APPLICATION_ICONS); the generic one for an unknown name. */
export function ApplicationIcon({ name }: { name: string }) {
  return <>{(ICONS[name] ?? ICONS.app!)()}</>;
}
