/** A round avatar: the uploaded picture, or the display name's first letter. */
export function Avatar({ url, name, size = 'sm' }: { url: string | null; name: string; size?: 'sm' | 'lg' }) {
  const box = size === 'lg' ? 'size-24 text-3xl' : 'size-8 text-sm'
  if (url)
    return (
      <img
        src={url}
        alt=""
        width={256}
        height={256}
        className={`${box} shrink-0 rounded-full object-cover`}
      />
    )
  return (
    <span
      aria-hidden="true"
      className={`${box} inline-flex shrink-0 items-center justify-center rounded-full bg-accent/20 font-bold text-accent uppercase`}
    >
      {name.slice(0, 1)}
    </span>
  )
}
