import { useInitialState } from '../../../state/initial-state';

/**
 * The organisation a new device or alert rule belongs to unless the editor picks another: the
 * signed-in user's own when they act below the province (editors and staff of a city or county
 * may act only for their organisation and those under it), else none (null: province-wide), as
 * the server decides it (docs/access.md §Organisation scope).
 */
export function useOwnOrganisation(): number | null {
  const { currentUser } = useInitialState();
  const organisation = currentUser?.organisation;
  if (!currentUser || currentUser.role === 'admin' || !organisation || organisation.level === 'province') return null;
  return organisation.id;
}
