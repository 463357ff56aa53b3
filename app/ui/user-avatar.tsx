import type { SessionUser } from "~/features/auth/session-user";

/**
 * The display name's initial (else the first name's), or null (then a person icon): never the
 * random username's first character.
 */
export function avatarInitial(user: (Pick<SessionUser, "firstname"> & { displayName?: string | null }) | null): string | null {
  const initial = (user?.displayName?.trim() || user?.firstname?.trim())?.charAt(0);
  return initial ? initial.toLocaleUpperCase("fr-FR") : null;
}

const SIZES = { sm: "h-8 w-8 text-sm", lg: "h-16 w-16 text-2xl" } as const;
const ICON_SIZES = { sm: "h-5 w-5", lg: "h-10 w-10" } as const;

/**
 * The user's picture, else the first name's initial, else a person icon (spec §2: "default
 * avatar if none"). A digit from a generated username would read like an unread-message badge.
 */
export function UserAvatar({
  user,
  size = "sm",
}: {
  user: (Pick<SessionUser, "firstname" | "image"> & { displayName?: string | null }) | null;
  size?: keyof typeof SIZES;
}) {
  if (user?.image) {
    return <img src={user.image} alt="" className={`${SIZES[size]} shrink-0 rounded-full object-cover`} referrerPolicy="no-referrer" />;
  }
  const initial = avatarInitial(user);
  return (
    <span
      aria-hidden="true"
      data-testid="user-avatar"
      className={`flex ${SIZES[size]} shrink-0 items-center justify-center rounded-full bg-slate-700 font-bold text-white`}
    >
      {initial ?? (
        <svg viewBox="0 0 24 24" className={`${ICON_SIZES[size]} fill-current`} data-testid="user-avatar-icon">
          <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v1.5h16V19c0-2.8-3.6-5-8-5z" />
        </svg>
      )}
    </span>
  );
}
