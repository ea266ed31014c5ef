import { Upload } from 'lucide-react'
import { useId, useState } from 'react'
import type { Me } from '@/features/accounts/contract'
import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  BIO_MAX,
  DISPLAY_NAME_MAX,
  isOfferedSocialKey,
  OFFERED_SOCIAL_KEYS,
  SOCIAL_KEYS,
  SOCIAL_LABELS,
  type SocialKey,
  socialLinkProblem,
} from '@/features/accounts/rules'
import { Avatar } from '@/platform/web/components/ui/avatar'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Field, FormMessage, TextAreaField } from '@/platform/web/components/ui/field'
import { ApiError } from '@/platform/web/lib/api'
import { queryClient } from '@/platform/web/lib/query-client'
import { Slot } from '@/platform/web/lib/slots'
import { toast } from '@/platform/web/lib/toast'
import { setMyProfile, updateProfile, uploadAvatar } from '../../api'
import { settingsSections } from '../../slots'
import { BlockedTraders } from './blocked-traders'

function AvatarUpload({ me }: { me: Me }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const inputId = useId()
  const onFile = async (file: File | undefined) => {
    if (!file) return
    setError(null)
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type))
      return setError('Avatar must be a PNG, JPEG or WebP image')
    if (file.size > AVATAR_MAX_BYTES) return setError('Avatar must be 5 MB or smaller')
    setBusy(true)
    try {
      setMyProfile(await uploadAvatar(file))
      queryClient.invalidateQueries({ queryKey: ['users'] })
      toast.success('Profile updated', { description: 'Your new avatar is live.' })
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Update failed')
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="flex items-center gap-4">
      <Avatar url={me.profile.avatarUrl} name={me.profile.displayName} size="lg" />
      <div>
        <label htmlFor={inputId} className={`${buttonClass('secondary', 'sm')} cursor-pointer`}>
          <Upload aria-hidden="true" className="size-4" /> {busy ? 'Uploading…' : 'Upload avatar'}
        </label>
        <input
          id={inputId}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          className="sr-only"
          disabled={busy}
          onChange={(e) => {
            onFile(e.target.files?.[0])
            e.target.value = ''
          }}
        />
        <p className="mt-1 text-muted text-xs">PNG, JPEG or WebP, up to 5 MB. Cropped to a square.</p>
        {error && (
          <p role="alert" className="mt-1 text-danger text-sm">
            {error}
          </p>
        )}
      </div>
    </div>
  )
}

/** ?tab=settings: display name, bio, avatar and social links. */
export function SettingsTab({ me }: { me: Me }) {
  const { profile } = me
  const [displayName, setDisplayName] = useState(profile.displayName)
  const [bio, setBio] = useState(profile.bio)
  const [links, setLinks] = useState<Record<SocialKey, string>>(
    () =>
      Object.fromEntries(SOCIAL_KEYS.map((k) => [k, profile.socialLinks[k] ?? ''])) as Record<
        SocialKey,
        string
      >,
  )
  // Links of kinds no longer offered (GitHub), saved before: shown, kept unless their owner removes them.
  const stored = SOCIAL_KEYS.filter((k) => !isOfferedSocialKey(k) && profile.socialLinks[k])
  const [removing, setRemoving] = useState<SocialKey[]>([])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const save = async (event: React.FormEvent) => {
    event.preventDefault()
    const found: Record<string, string> = {}
    for (const key of OFFERED_SOCIAL_KEYS) {
      const problem = socialLinkProblem(key, links[key].trim())
      if (problem) found[`socialLinks.${key}`] = problem
    }
    if (!displayName.trim()) found.displayName = 'Display name cannot be empty'
    if (bio.length > BIO_MAX) found.bio = `Bio must be ${BIO_MAX} characters or less`
    setErrors(found)
    setFormError(null)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    try {
      setMyProfile(
        await updateProfile({
          // Sent only when changed: saving a bio must not claim the shown (fallback) name.
          ...(displayName.trim() !== profile.displayName && { displayName: displayName.trim() }),
          bio,
          socialLinks: Object.fromEntries([
            ...OFFERED_SOCIAL_KEYS.map((k) => [k, links[k].trim()]),
            ...removing.map((k) => [k, '']),
          ]),
        }),
      )
      queryClient.invalidateQueries({ queryKey: ['users'] })
      toast.success('Profile updated')
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(e.fields)
      const message = e instanceof ApiError ? e.message : 'Update failed'
      if (!(e instanceof ApiError && e.fields)) setFormError(message)
      if (e instanceof ApiError && e.fields?.displayName && e.status === 409) {
        toast.error('Display name already taken', { description: message })
      } else toast.error('Update failed', { description: message })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="space-y-6">
      <section aria-label="Avatar" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
        <AvatarUpload me={me} />
      </section>
      <form
        onSubmit={save}
        noValidate
        className="space-y-4 rounded-2xl border border-line bg-surface p-5 sm:p-6"
      >
        {formError && <FormMessage kind="error">{formError}</FormMessage>}
        <Field
          label="Display name"
          value={displayName}
          maxLength={DISPLAY_NAME_MAX}
          onChange={(e) => setDisplayName(e.target.value)}
          error={errors.displayName}
          hint="Shown on your profile; unique on TradeHub."
        />
        <TextAreaField
          label="Bio"
          value={bio}
          rows={4}
          onChange={(e) => setBio(e.target.value)}
          hint={`${bio.length}/${BIO_MAX} characters`}
          error={errors.bio}
        />
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-medium text-sm">Social links</legend>
          {OFFERED_SOCIAL_KEYS.map((key) => (
            <Field
              key={key}
              label={SOCIAL_LABELS[key]}
              value={links[key]}
              onChange={(e) => setLinks({ ...links, [key]: e.target.value })}
              error={errors[`socialLinks.${key}`]}
              placeholder={key === 'website' ? 'https://' : key === 'twitter' ? '@handle' : 'username'}
            />
          ))}
          {stored.map((key) => (
            <label key={key} className="flex items-start gap-2 text-sm sm:col-span-2">
              <input
                type="checkbox"
                className="mt-1"
                checked={removing.includes(key)}
                onChange={(e) =>
                  setRemoving(e.target.checked ? [...removing, key] : removing.filter((k) => k !== key))
                }
              />
              <span>
                Remove my {SOCIAL_LABELS[key]} link ({profile.socialLinks[key]}).{' '}
                <span className="text-muted">
                  {SOCIAL_LABELS[key]} links are no longer offered; yours stays on your profile until you
                  remove it.
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={busy} className={buttonClass('primary')}>
          {busy ? 'Saving…' : 'Save changes'}
        </button>
      </form>
      <BlockedTraders />
      <Slot slot={settingsSections} />
    </div>
  )
}
