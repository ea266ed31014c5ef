/** Class names for buttons and button-like links, so both look the same. */
const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50'

const variants = {
  primary: 'bg-accent text-accent-ink hover:bg-accent-strong',
  secondary: 'border border-line bg-surface-2 text-ink hover:border-accent/60',
  ghost: 'text-ink hover:bg-surface-2',
} as const

const sizes = { sm: 'px-3 py-1.5 text-sm', md: 'px-4 py-2.5 text-sm', lg: 'px-5 py-3 text-base' } as const

export function buttonClass(
  variant: keyof typeof variants = 'primary',
  size: keyof typeof sizes = 'md',
): string {
  return `${base} ${variants[variant]} ${sizes[size]}`
}
