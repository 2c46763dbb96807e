import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { HookAPI } from 'antd/es/modal/useModal';
import type { ApplicationTile } from '@eco/contracts/applications';
import { useTranslation } from 'react-i18next';
import { useLaunchApplication } from '../../api/applications';
import '../../i18n/applications';
import { ResponseError } from '../../request/errors';
import { showError } from '../../request/show-error';
import { showMessage } from '../show-message';
import { useAccessText } from './use-access-text';

const LauncherModal = lazy(() => import('./LauncherModal'));

/**
 * Launching application systems from a tile. A tile the visitor may not open explains why
 * (sign in — with a way to the sign-in page —, no permission — with who may use it —, maintenance
 * with its notice, offline) instead of failing. One they may open is launched through the server,
 * which checks access again and answers the entry URL; the system opens in a new tab (opened
 * at the click, so pop-up blockers allow it), or in this tab when the browser refuses a new one.
 * A refusal by the server (the rules changed meanwhile) is explained the same way.
 *
 * Returns `launch(tile)` and the modal holder to render once (empty until the first explanation,
 * whose modal is fetched then: LauncherModal.tsx).
 */
export function useLauncher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accessText = useAccessText();
  const launchApplication = useLaunchApplication();
  const [modalWanted, setModalWanted] = useState(false);
  // the modal API, once LauncherModal has mounted; explanations asked for before then wait for it
  const modalReady = useRef<{ promise: Promise<HookAPI>; resolve: (modal: HookAPI) => void } | null>(null);
  if (!modalReady.current) {
    let resolve: (modal: HookAPI) => void = () => {};
    const promise = new Promise<HookAPI>((r) => {
      resolve = r;
    });
    modalReady.current = { promise, resolve };
  }
  const onModalReady = useCallback((modal: HookAPI) => modalReady.current?.resolve(modal), []);

  const explain = (tile: ApplicationTile, serverMessage?: string) => {
    setModalWanted(true);
    void modalReady.current?.promise.then((modal) => explainWith(modal, tile, serverMessage));
  };

  const explainWith = (modal: HookAPI, tile: ApplicationTile, serverMessage?: string) => {
    const name = tile.name;
    switch (serverMessage === undefined ? tile.blockedBy : 'server') {
      case 'sign_in':
        void modal.confirm({
          title: t('apps.why.signInTitle'),
          content: t('apps.why.signInBody', { name }),
          okText: t('apps.why.signInAction'),
          cancelText: t('apps.why.close'),
          onOk: () => navigate('/portal-management'),
        });
        return;
      case 'no_permission':
        void modal.warning({
          title: t('apps.why.noPermissionTitle'),
          content: t('apps.why.noPermissionBody', { name, access: accessText(tile) }),
          okText: t('apps.why.close'),
        });
        return;
      case 'maintenance':
        void modal.warning({
          title: t('apps.why.maintenanceTitle'),
          content: [t('apps.why.maintenanceBody', { name }), tile.maintenanceNotice].filter(Boolean).join(' '),
          okText: t('apps.why.close'),
        });
        return;
      case 'offline':
        void modal.info({ title: t('apps.why.offlineTitle'), content: t('apps.why.offlineBody', { name }), okText: t('apps.why.close') });
        return;
      default:
        void modal.warning({ title: t('apps.why.failedTitle'), content: serverMessage, okText: t('apps.why.close') });
    }
  };

  const launch = (tile: ApplicationTile) => {
    if (!tile.canOpen) {
      explain(tile);
      return;
    }
    // opened now, inside the click, so the browser counts it as the user's; filled in below
    const opened = window.open('', '_blank');
    void launchApplication(tile.id, (error) => {
      opened?.close();
      const info = error instanceof ResponseError ? error.info : undefined;
      if (info?.errorMessage && error instanceof ResponseError && error.status < 500) explain(tile, info.errorMessage);
      else showError(error);
    }).then(
      ({ url }) => {
        if (opened) {
          opened.opener = null;
          opened.location.replace(url);
        } else {
          void showMessage('info', t('apps.popupBlocked'));
          window.location.assign(url);
        }
      },
      () => {
        /* explained by the error handler */
      },
    );
  };

  const holder = modalWanted ? (
    <Suspense fallback={null}>
      <LauncherModal onReady={onModalReady} />
    </Suspense>
  ) : null;
  return { launch, holder };
}
