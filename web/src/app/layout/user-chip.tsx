import { AVATAR_PRESETS, type AvatarPreset } from '@fincrypt/domain';
import { Link } from 'react-router';
import type { SessionUser } from '../../features/auth/index.ts';
import { Identicon } from '../../features/account/index.ts';

const asPreset = (image: string | null): AvatarPreset =>
  (AVATAR_PRESETS as readonly string[]).includes(image ?? '') ? (image as AvatarPreset) : 'preset-1';

/** Who is signed in: the avatar and name, linking to Account Settings (wide screens only). */
export function UserChip({ user }: { user: SessionUser }) {
  return (
    <Link
      to="/profile"
      aria-label={`Signed in as ${user.name}: account settings`}
      className="hidden max-w-48 items-center gap-2 rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 lg:flex dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <Identicon preset={asPreset(user.image)} size={24} />
      <span data-testid="signed-in-name" className="truncate">
        {user.name}
      </span>
    </Link>
  );
}
