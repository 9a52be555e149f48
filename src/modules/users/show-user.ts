import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { loadVisibleUser } from './user-access.ts';
import { toFlatProfile } from './user-profile.ts';

/** The flat profile of an account: the caller's own, or any live one for admin and support. */
export async function showUser(deps: Deps, caller: AuthUser, id: number) {
  return toFlatProfile(await loadVisibleUser(deps, caller, id));
}
