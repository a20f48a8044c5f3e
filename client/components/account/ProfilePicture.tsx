/** A profile picture (our origin serves them), or the default one (spec section 2: "default if none"). */
export function ProfilePicture({ src, name, size = 96 }: { src: string | null; name: string; size?: number }) {
  if (src) return <img className="profile-picture" src={src} alt={name} width={size} height={size} />;
  return (
    <svg className="profile-picture profile-picture-default" viewBox="0 0 96 96" width={size} height={size} role="img" aria-label={name}>
      <rect width="96" height="96" rx="48" fill="#e7e2da" />
      <circle cx="48" cy="38" r="17" fill="#b9b4ab" />
      <path d="M16 84c4-17 17-26 32-26s28 9 32 26" fill="#b9b4ab" />
    </svg>
  );
}
