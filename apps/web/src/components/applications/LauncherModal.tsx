import { useEffect } from 'react';
import Modal from 'antd/es/modal';
import type { HookAPI } from 'antd/es/modal/useModal';

/**
 * antd's modal API for the launcher's explanations, in its own chunk: rendered (and fetched) by
 * useLauncher only once a tile needs explaining, so the first load of /home does not carry the
 * Modal (issue 13 item 9). Hands the API to `onReady` once mounted.
 */
export default function LauncherModal({ onReady }: { onReady: (modal: HookAPI) => void }) {
  const [modal, holder] = Modal.useModal();
  useEffect(() => onReady(modal), [modal, onReady]);
  return holder;
}
