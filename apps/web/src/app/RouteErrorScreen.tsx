import { useRouteError } from 'react-router-dom';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../request/chunk';
import { WarningResult } from '../components/WarningResult';

/**
 * What a screen shows when it fails to load or render: a failed or timed-out chunk (docs/request-layer.md §Error display:
 * `Loading chunk … failed`, `CSS_CHUNK_LOAD_FAILED`) or any other error. Never a blank page.
 * Retry reloads the page: the browser remembers a failed dynamic import for that URL.
 */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const css = chunk && error.code === 'CSS_CHUNK_LOAD_FAILED';
  return (
    <WarningResult
      className="route-error"
      title={chunk ? t(css ? 'routeError.cssChunkTitle' : 'routeError.chunkTitle') : t('routeError.otherTitle')}
      subTitle={
        <>
          <div>{t(chunk ? 'routeError.chunkHint' : 'routeError.otherHint')}</div>
          {error instanceof Error && (
            <code className="route-error-detail">
              {chunk && error.code ? `${error.code}: ` : ''}
              {error.message}
            </code>
          )}
        </>
      }
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}
