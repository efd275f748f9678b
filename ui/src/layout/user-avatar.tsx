import { initials } from '../tickets/shared/format';

/** A user's photo (spec part 1 §3 User.profileImage), or their initials when they have none. */
export function UserAvatar({ name, image, size }: { name: string; image: string | null; size: number }) {
  return image ? (
    <img
      className="user-avatar"
      src={image}
      alt=""
      width={size}
      height={size}
      data-testid="user-avatar-image"
    />
  ) : (
    <span
      className="user-avatar user-avatar--initials"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.38) }}
    >
      {initials(name)}
    </span>
  );
}
